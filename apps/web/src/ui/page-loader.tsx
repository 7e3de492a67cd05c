import { Center, Loader } from '@mantine/core';

/** Shown while a lazy area or a page's first data loads. */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-label="Loading">
      <Loader type="dots" />
    </Center>
  );
}
