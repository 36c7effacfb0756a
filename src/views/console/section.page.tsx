import { PageTitle } from '../../ui/page-title';

/** A console page whose content arrives with a later issue: for now only its spec title. */
export default function SectionPage({ title }: { title: string }) {
  return <PageTitle>{title}</PageTitle>;
}
