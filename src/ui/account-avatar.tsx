import { Box } from '@mantine/core';
import { useState } from 'react';

/** "Olivia Chen" → "OC": the first letters of the first two words. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/**
 * The signed-in user's round picture, or their initials when there is none or it fails to load.
 * Mantine's Avatar would bring its group, placeholder icon and colour hashing into every console page
 * (about 1 kB of the dashboard's 300 kB budget) for this one circle.
 */
export function AccountAvatar({ name, picture, size }: { name: string; picture: string | null; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPicture = picture !== null && picture !== failed;
  return (
    <Box
      component="span"
      w={size}
      h={size}
      fz={size * 0.4}
      fw={700}
      bg="var(--mantine-primary-color-light)"
      c="var(--mantine-primary-color-light-color)"
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: '50%',
        overflow: 'hidden',
      }}
    >
      {showPicture ? (
        <img src={picture} alt={name} width={size} height={size} style={{ objectFit: 'cover' }} onError={() => setFailed(picture)} />
      ) : (
        <span title={name}>{initialsOf(name)}</span>
      )}
    </Box>
  );
}
