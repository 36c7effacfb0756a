import type { PageProps } from '../../routes';
import { PageTitle } from '../../ui/page-title';

/** A console page whose content arrives with a later issue: for now only its spec title. */
export default function SectionPage({ title }: PageProps) {
  return <PageTitle>{title}</PageTitle>;
}
