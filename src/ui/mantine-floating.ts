// The chunk loadFloating() fetches: Mantine's floating components with popover and floating-ui code. One chunk, not
// one per component: Rolldown would put the code they share in a chunk that every page with either loads upfront.
export { Select, Tooltip } from '@mantine/core';
