import { Center, Loader } from '@mantine/core';

/** The spinner shown while a session or a lazy page loads; `label` says what is loading to assistive technology. */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
