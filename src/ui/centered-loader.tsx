import { Center, Loader } from '@mantine/core';

/** The spinner shown while a session or a lazy page loads. */
export function CenteredLoader() {
  return (
    <Center mih="50vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
