import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ImportSnapshot } from '../../machines/import.machine';
import { formatNumber } from '@contract/presentation/format';
import { ChooseStep } from './choose.view';
import { ImportContext } from './import.context';
import { MappingStep } from './mapping.view';
import { PreviewStep } from './preview.view';
import { ImportProgress, ImportSummary } from './progress.view';
import './import.css';

type Step = 'choose' | 'reading' | 'mapping' | 'preview' | 'importing' | 'summary';

const stepOf = (s: ImportSnapshot): Step => {
  if (s.matches('choosing') || s.matches('templating')) return 'choose';
  if (s.matches('parsing') || s.matches('validating') || s.matches('checkingMenu')) return 'reading';
  if (s.matches('mapping')) return 'mapping';
  if (s.matches('preview')) return 'preview';
  if (s.matches('importing')) return 'importing';
  return 'summary';
};

/** Reading the file's top, or checking every row, in the worker; the page stays usable and may give up. */
function Reading() {
  const actor = ImportContext.useActorRef();
  const name = ImportContext.useSelector((s) => s.context.file?.name ?? '');
  const size = ImportContext.useSelector((s) => s.context.file?.size ?? 0);
  const checking = ImportContext.useSelector((s) => s.matches('validating') || s.matches('checkingMenu'));
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text>
          {checking ? 'Checking every row of' : 'Reading'} {name} ({formatNumber(Math.ceil(size / 1024))} KB)...
        </Text>
      </Group>
      <Button variant="default" onClick={() => actor.send({ type: 'import.reset' })}>
        Choose another file
      </Button>
    </Stack>
  );
}

/** The Data Import page's steps: choose, (map), preview, import, summary. */
export function ImportView() {
  const step = ImportContext.useSelector(stepOf);
  switch (step) {
    case 'choose':
      return <ChooseStep />;
    case 'reading':
      return <Reading />;
    case 'mapping':
      return <MappingStep />;
    case 'preview':
      return <PreviewStep />;
    case 'importing':
      return <ImportProgress />;
    default:
      return <ImportSummary />;
  }
}
