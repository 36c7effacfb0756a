import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { submitHandler } from './form-events';
import { LoadState } from './load-state';

export type EntityFormStatus = 'loading' | 'loadFailed' | 'ready' | 'stale';

export type EntityFormFrameProps = {
  status: EntityFormStatus;
  /** What the form edits, for the loader and the failure ("user", "restaurant", "profile"). */
  noun: string;
  /** The failed load's message, or the conflict's (409). */
  message?: string;
  dirty: boolean;
  saving: boolean;
  /** "Save Changes", or "Create User" on a create form. */
  saveLabel?: string;
  /** Create forms have one button (docs/product.md#management). */
  withReset?: boolean;
  /** Where Cancel goes without saving: the form's list (docs/product.md#dialogs); no Cancel without it. */
  cancelTo?: string;
  onReset: () => void;
  onSave: () => void;
  onReload: () => void;
  /** The fields. */
  children: ReactNode;
};

const FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * The frame of the create, edit and profile forms: a loader, a failed load with Retry, or the fields
 * with Cancel (back without saving), Reset and Save Changes (enabled once something changed), and, after a conflicting save, a
 * notice with Reload while the fields are locked.
 */
export function EntityFormFrame({
  status,
  noun,
  message,
  dirty,
  saving,
  saveLabel = 'Save Changes',
  withReset = true,
  cancelTo,
  onReset,
  onSave,
  onReload,
  children,
}: EntityFormFrameProps) {
  if (status === 'loading' || status === 'loadFailed') {
    return (
      <LoadState
        status={status === 'loadFailed' ? 'failed' : status}
        loadingLabel={`Loading ${noun}`}
        minHeight={200}
        failedTitle={`The ${noun} could not be loaded`}
        message={message}
        onRetry={onReload}
      />
    );
  }
  const stale = status === 'stale';
  return (
    <form onSubmit={submitHandler(onSave)} noValidate>
      <Stack gap="md">
        {stale && (
          <Alert color="yellow" variant="light" title={`This ${noun} was changed elsewhere`}>
            <Stack gap="xs" align="flex-start">
              {message}
              <Button size="xs" variant="light" color="yellow" onClick={onReload}>
                Reload
              </Button>
            </Stack>
          </Alert>
        )}
        <fieldset disabled={saving || stale} style={FIELDSET}>
          {children}
        </fieldset>
        <Group justify="flex-end" gap="sm">
          {cancelTo !== undefined && (
            <Button component={Link} href={cancelTo} variant="subtle">
              Cancel
            </Button>
          )}
          {withReset && (
            <Button variant="default" disabled={!dirty || saving || stale} onClick={onReset}>
              Reset
            </Button>
          )}
          <Button type="submit" disabled={!dirty || stale} loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
