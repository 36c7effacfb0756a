import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, vi, type Mock } from 'vitest';
import type { Restaurant } from '@contract/auth.contract';
import type { Person } from '@contract/people.contract';
import type { Profile } from '@contract/profile.contract';
import type { RestaurantDetail } from '@contract/restaurants.contract';
import { entityFormMachine, type FormRecord } from '../../src/machines/entity-form.machine';
import type { PageProps } from '../../src/shared/routing';
import type { ApiError } from '../../src/services/api-error';
import { peopleService } from '../../src/services/people.service';
import { profileService } from '../../src/services/profile.service';
import { restaurantsService } from '../../src/services/restaurants.service';
import ProfilePage from '../../src/views/profile/profile.page';
import RestaurantEditPage from '../../src/views/restaurants/restaurant-edit.page';
import { SessionContext } from '../../src/views/shared/session.context';
import UserFormPage from '../../src/views/users/user-form.page';
import { CONFLICT, INVALID_EMAIL, NOT_FOUND, UNAVAILABLE, paths, type ModelEvent } from './models/entity-form.model';
import { button, performAsUser, textbox } from './support/entity-form-ui';
import { runModel } from './support/model-runner';
import { inspectPageActors } from './support/page-actors';
import { OWNER } from '../unit/support/fake-server';
import { signedInSession } from './support/page-session';
import { renderView } from './support/render-view';
import { controllableCall } from './support/service-calls';

// The entity-form model's paths through the real edit pages: their module-level machines with the real services'
// functions, whose calls the test answers (the service modules are mocked, the machines are not); the page's form
// actor is inspected through the options the page gives it.
vi.mock('@xstate/react', async (original) => (await import('./support/page-actors')).withPageInspection(await original()));
vi.mock('../../src/services/people.service', async (original) => ({
  ...(await original<typeof import('../../src/services/people.service')>()),
  peopleService: { list: vi.fn(), get: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn() },
}));
vi.mock('../../src/services/restaurants.service', async (original) => ({
  ...(await original<typeof import('../../src/services/restaurants.service')>()),
  restaurantsService: { list: vi.fn(), read: vi.fn(), update: vi.fn() },
}));
// The profile page's Report mails section reads its list on its own. Unanswered, it stays loading, so its add form (an
// entity form too, started once the list is read) never runs beside the profile form whose actor the paths follow.
vi.mock('../../src/services/report-subscriptions.service', async (original) => ({
  ...(await original<typeof import('../../src/services/report-subscriptions.service')>()),
  reportSubscriptionsService: { list: vi.fn(() => new Promise<never>(() => undefined)), create: vi.fn(), remove: vi.fn(), send: vi.fn() },
}));
vi.mock('../../src/services/profile.service', async (original) => ({
  ...(await original<typeof import('../../src/services/profile.service')>()),
  profileService: { read: vi.fn(), update: vi.fn() },
}));

const ID = 12;
type Shown = { name: string; email: string };
const shown = (values: FormRecord['values']): Shown => ({ name: String(values.name), email: String(values.email) });

const person = ({ name, email }: Shown, version: number): Person => ({
  id: ID,
  picture: null,
  name,
  email,
  phone: '0412 345 678',
  state: 'NSW',
  city: 'Sydney',
  street_address: '1 George St',
  suburb: 'Sydney',
  post_code: '2000',
  restaurant_id: 7,
  restaurant: 'Parramatta',
  role: 'Chef',
  status: 'Active',
  version,
});

const restaurant = ({ name, email }: Shown, version: number): RestaurantDetail => ({
  ...({
    id: ID,
    name,
    logo: null,
    abn_no: '12345678901',
    address: '1 Church St',
    suburb: 'Parramatta',
    post_code: '2150',
    city: 'Sydney',
    state: 'NSW',
    phone_no: '0298765432',
    email,
    business_type: 'Cafe',
    capacity: 40,
    status: 1,
    location: 'Parramatta, NSW',
    time_zone: 'Australia/Sydney',
    day_starts_at: '00:00',
    subscriptions: [],
    restaurant_user: { id: 112, name, email },
  } as Restaurant),
  version,
});

const profile = ({ name, email }: Shown, version: number): Profile =>
  ({
    ...OWNER,
    name,
    email,
    picture: null,
    phone: null,
    state: 'NSW',
    city: 'Sydney',
    street_address: null,
    suburb: null,
    post_code: null,
    version,
  }) as Profile;

/**
 * One real form page: where it lives, its texts, and the service functions its machine calls. `answer` is the
 * service's record for what the model's record shows; `sent` what an update call sent (name, e-mail, version).
 */
type FormPage = {
  title: string;
  Page: ComponentType<PageProps>;
  path: string;
  noun: string;
  reset: (name: string) => string;
  saved: (name: string) => string;
  /** The save's question (docs/product.md#dialogs), with the name as edited: what it does, never "This cannot be undone!". */
  question: (name: string) => { title: string; text: string };
  /** Where Cancel goes without saving. */
  cancelTo: string;
  read: () => Mock;
  update: () => Mock;
  readArgs: unknown[];
  answer: (values: Shown, version: number) => unknown;
  sent: (args: unknown[]) => Shown & { version: unknown };
  /** The page tells the session to re-read what a save stored (the shell's name and picture, the branch pickers). */
  followsSession: boolean;
};

const PAGES: FormPage[] = [
  {
    title: 'Edit User',
    Page: UserFormPage,
    path: `/user/edit?id=${ID}`,
    noun: 'user',
    reset: (name) => `${name}'s profile reset.`,
    saved: (name) => `${name}'s profile updated successfully!`,
    question: (name) => ({ title: `Save changes to ${name}?`, text: `${name}'s profile will be updated as shown.` }),
    cancelTo: '/user',
    read: () => vi.mocked(peopleService.get),
    update: () => vi.mocked(peopleService.update),
    readArgs: [ID],
    answer: person,
    sent: ([id, body]) => {
      const { name, email, version } = body as { name: string; email: string; version: number };
      expect(id).toBe(ID);
      return { name, email, version };
    },
    followsSession: false,
  },
  {
    title: 'Edit Restaurant',
    Page: RestaurantEditPage,
    path: `/restaurant/edit?id=${ID}`,
    noun: 'restaurant',
    reset: (name) => `${name}'s info reset.`,
    saved: (name) => `${name}'s info updated successfully!`,
    question: (name) => ({ title: `Save changes to ${name}?`, text: "The restaurant's details will be updated as shown." }),
    cancelTo: '/restaurant',
    read: () => vi.mocked(restaurantsService.read),
    update: () => vi.mocked(restaurantsService.update),
    readArgs: [ID],
    answer: restaurant,
    sent: ([id, body]) => {
      const { name, email, version } = body as { name: string; email: string; version: number };
      expect(id).toBe(ID);
      return { name, email, version };
    },
    followsSession: true,
  },
  {
    title: 'Profile',
    Page: ProfilePage,
    path: '/profile',
    noun: 'profile',
    reset: () => 'Profile information reset.',
    saved: () => 'Profile updated successfully!',
    question: () => ({ title: 'Save your profile?', text: 'Your profile will be updated as shown.' }),
    cancelTo: '/dashboard',
    read: () => vi.mocked(profileService.read),
    update: () => vi.mocked(profileService.update),
    readArgs: [],
    answer: profile,
    sent: ([body]) => {
      const { name, email, version } = body as { name: string; email: string; version: number };
      return { name, email, version };
    },
    followsSession: true,
  },
];

describe.each(PAGES)('entity form machine × the real $title page (model-based)', (page) => {
  runModel(entityFormMachine, paths, (inspect) => {
    inspectPageActors(entityFormMachine.id, inspect);
    vi.clearAllMocks();
    const load = controllableCall<unknown, unknown[]>();
    const save = controllableCall<unknown, unknown[]>();
    page.read().mockImplementation(load.fn);
    page.update().mockImplementation(save.fn);
    const session = signedInSession();
    const user = userEvent.setup();
    renderView(
      () => (
        <SessionContext.Provider logic={session.logic}>
          <page.Page title={page.title} />
        </SessionContext.Provider>
      ),
      { path: page.path },
    );
    let stored = 0;
    let confirmed = 0;

    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (await performAsUser(user, e)) return;
        if (e.type === 'xstate.done.actor.load')
          await act(async () => load.resolve(page.answer(shown(e.output.values), e.output.version!)));
        else if (e.type === 'xstate.done.actor.save')
          await act(async () => save.resolve(page.answer(shown(e.output.values), e.output.version!)));
        else if (e.type === 'xstate.error.actor.load') await act(async () => load.reject(e.error));
        else if (e.type === 'xstate.error.actor.save') await act(async () => save.reject(e.error));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { values, initial, fieldErrors } = state.context;
        // Whatever the machine says: each Yes saves once, and nothing else saves.
        if (e.type === 'xstate.done.actor.confirmSave' && e.output.result === 'confirmed') confirmed += 1;
        expect(save.calls()).toHaveLength(confirmed);
        if (state.matches('loading')) {
          expect(screen.getByRole('status', { name: `Loading ${page.noun}` })).toBeInTheDocument();
          expect(load.calls().at(-1)).toEqual(page.readArgs);
          expect(screen.queryByRole('textbox', { name: /^Name\b/ })).not.toBeInTheDocument();
          return;
        }
        if (state.matches('loadFailed')) {
          expect(screen.getByText(NOT_FOUND)).toBeInTheDocument();
          expect(button('Retry')).toBeEnabled();
          expect(screen.queryByRole('textbox', { name: /^Name\b/ })).not.toBeInTheDocument();
          return;
        }
        // The page's fields show the edits; Reset waits for a change; Cancel goes back without saving.
        expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', page.cancelTo);
        expect(textbox('Name')).toHaveValue(String(values.name));
        expect(textbox('Email')).toHaveValue(String(values.email));
        const dirty = values.name !== initial.name || values.email !== initial.email;
        const locked = state.matches('saving') || state.matches('stale');
        expect(button('Reset')).toHaveProperty('disabled', !dirty || locked);
        if (locked) expect(textbox('Name')).toBeDisabled();
        else expect(textbox('Name')).toBeEnabled();
        if (fieldErrors.email) expect(textbox('Email')).toHaveAccessibleDescription(INVALID_EMAIL);
        else expect(textbox('Email')).not.toHaveAttribute('aria-invalid', 'true');

        if (state.matches('confirming')) {
          const { title, text } = page.question(String(values.name));
          const dialog = screen.getByRole('dialog', { name: title });
          expect(dialog).toHaveAccessibleDescription(text);
          expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
          expect(within(dialog).queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
          expect(dialog.querySelector('[data-icon="warning"] svg')).not.toBeNull();
          expect(save.pending()).toBe(0);
          return;
        }
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

        if (state.matches('saving')) {
          // The real machine sent the shown name and e-mail with the version it read.
          expect(page.sent(save.calls().at(-1)!)).toEqual({ ...shown(values), version: state.context.version });
          expect(button('Save Changes')).toHaveAttribute('data-loading', 'true');
          expect(await screen.findByText('Saving changes...')).toBeInTheDocument();
        } else if (state.matches('stale')) {
          expect(screen.getByText(CONFLICT)).toBeInTheDocument();
          expect(button('Reload')).toBeEnabled();
          expect(button('Save Changes')).toBeDisabled();
        } else {
          expect(button('Save Changes')).toHaveProperty('disabled', !dirty);
          expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
        }
        if (e.type === 'xstate.done.actor.save') {
          stored += 1;
          expect(await screen.findByText(page.saved(String(values.name)))).toBeInTheDocument();
        }
        // The session re-reads what a stored save wrote (once at the start, then once per stored save), and only then.
        await waitFor(() => expect(session.reads()).toBe(1 + (page.followsSession ? stored : 0)));
        if (e.type === 'xstate.error.actor.save' && state.matches('failed')) {
          expect(Boolean(fieldErrors.email)).toBe((e.error as ApiError).status === 422);
          if (fieldErrors.email) await waitFor(() => expect(screen.getAllByText(INVALID_EMAIL)).toHaveLength(2));
          else {
            expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
            expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
          }
        }
        if (e.type === 'form.reset') expect(await screen.findByText(page.reset(String(initial.name)))).toBeInTheDocument();
      },
    };
  });
});
