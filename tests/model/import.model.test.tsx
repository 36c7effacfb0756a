import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { importMachine, type ImportEvent } from '../../src/machines/import.machine';
import { importMappings } from '../../src/services/import.service';
import {
  FILE,
  MATCHING,
  MENU,
  MENU_WITHOUT_FRIES,
  PREPARED,
  PROBLEMS,
  REFUSED,
  RENAMED,
  TIMER,
  WRITTEN,
  paths,
  type ModelEvent,
} from './models/import.model';
import { choose } from './support/choose';
import { renderImport } from './support/import-view';
import { runModel } from './support/model-runner';

const LABELS = { 'menu-items': 'Menu items', orders: 'Orders', shifts: 'Shifts', purchases: 'Purchases', targets: 'Targets' } as const;
const NOUNS = { 'menu-items': 'menu items', orders: 'orders', shifts: 'shifts', purchases: 'purchases', targets: 'targets' } as const;

const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function upload(user: UserEvent, file: File) {
  await user.upload(screen.getByLabelText('Choose a CSV file'), file);
}

describe('import machine × Data Import view (model-based)', () => {
  runModel(importMachine, paths, (inspect) => {
    const user = userEvent.setup();
    const { reader, checker, sender, menu, downloads, saved, actor } = renderImport({ inspect });
    return {
      perform: async (event) => {
        const e = event as ModelEvent;
        if (e.type === 'import.kind') await user.click(screen.getByRole('radio', { name: LABELS[e.kind] }));
        else if (e.type === 'import.template') await user.click(button(/^Download .* template$/));
        else if (e.type === 'import.menuFirst') await user.click(button('Import the menu first'));
        else if (e.type === 'import.file') await upload(user, e.file);
        else if (e.type === 'import.mapColumn') await choose(user, e.field, e.column ?? '(not in this file)');
        else if (e.type === 'import.confirmMapping') await user.click(button('Check the rows'));
        else if (e.type === 'import.errorPage') await user.click(button(e.page === 2 ? 'Next' : 'Prev'));
        else if (e.type === 'import.downloadErrors') await user.click(button(/^Download all/));
        else if (e.type === 'import.editMapping') await user.click(button('Change columns'));
        else if (e.type === 'import.start') await user.click(button(/^Import \d/));
        else if (e.type === 'import.cancel') await user.click(button('Cancel'));
        else if (e.type === 'import.retry') await user.click(button(/^(Resume|Try again)$/));
        else if (e.type === 'import.reset') await user.click(button(/^(Choose another file|Import another file)$/));
        else if (e.type === TIMER.type) act(() => actor().send(TIMER as unknown as ImportEvent));
        else if (e.type.endsWith('readFile')) await act(async () => reader.settle(e));
        else if (e.type.endsWith('validateRows')) await act(async () => checker.settle(e));
        else if (e.type.endsWith('loadMenu')) await act(async () => menu.settle(e));
        else await act(async () => sender.settle(e));
      },
      verify: async (state, event) => {
        const e = event as ModelEvent;
        const { context } = state;
        const noun = NOUNS[context.kind];
        if (state.matches('choosing')) {
          expect(screen.getByRole('radio', { name: LABELS[context.kind] })).toBeChecked();
          expect(button(`Download ${noun} template`)).toBeEnabled();
          expect(screen.getByLabelText('Choose a CSV file')).toHaveAttribute('type', 'file');
          if (context.error) expect(screen.getByText(context.error.message)).toBeInTheDocument();
          else expect(screen.queryByText('The file could not be read')).not.toBeInTheDocument();
          if (context.menuError) expect(screen.getByText(context.menuError.message)).toBeInTheDocument();
          expect(screen.queryByText('The menu could not be loaded') !== null).toBe(context.menuError !== null);
          expect(screen.queryByText('Your franchise has no menu yet') !== null).toBe(context.menuMissing);
        } else if (state.matches('templating')) {
          // The orders template waits for the menu, whose SKUs it names.
          expect(button(`Download orders template`)).toHaveAttribute('data-loading', 'true');
        } else if (state.matches('checkingMenu')) {
          expect(screen.getByRole('status')).toHaveTextContent(`Checking every row of ${FILE.name}`);
        } else if (state.matches('parsing')) {
          expect(screen.getByRole('status')).toHaveTextContent(`Reading ${FILE.name}`);
          expect(reader.inputs.at(-1)).toEqual({ file: FILE, kind: context.kind });
        } else if (state.matches('mapping')) {
          expect(screen.getByRole('heading', { level: 2, name: 'Match the columns' })).toBeInTheDocument();
          const complete = context.mapping.sku !== null;
          expect(screen.getByRole('combobox', { name: /^sku/ })).toHaveValue(context.mapping.sku ?? '');
          expect(screen.getByRole('combobox', { name: /^customer_ref/ })).toHaveValue(context.mapping.customer_ref ?? '(not in this file)');
          expect(button('Check the rows')).toHaveProperty('disabled', !complete);
          if (!complete) expect(screen.getByText('1 field needs a column')).toBeInTheDocument();
          // The file's first rows help to choose.
          expect(screen.getByRole('heading', { level: 2, name: `First rows of ${FILE.name}` })).toBeInTheDocument();
        } else if (state.matches('validating')) {
          expect(screen.getByRole('status')).toHaveTextContent(`Checking every row of ${FILE.name}`);
          expect(checker.inputs.at(-1)).toEqual({ file: FILE, kind: 'orders', mapping: context.mapping });
        } else if (state.matches('preview')) {
          const records = context.prepared!.records;
          const unknown = context.unknownSkus;
          expect(button(`Import ${records} orders`)).toHaveProperty('disabled', records === 0 || unknown.length > 0);
          // Nothing is sent for SKUs the menu does not have: the alert names them.
          if (unknown.length > 0)
            expect(screen.getByText(new RegExp(`no item with the SKUs? ${unknown.join(', ')}\\.`))).toBeInTheDocument();
          else expect(screen.queryByText('Import the menu first')).not.toBeInTheDocument();
          expect(screen.getByText(`${context.prepared!.rejected} records have problems`)).toBeInTheDocument();
          const problems = screen.getByRole('group', { name: 'Problems found, scrollable' });
          const first = (context.errorPage - 1) * 10;
          const shown = within(problems).getAllByRole('row').slice(1);
          expect(shown).toHaveLength(PROBLEMS.slice(first, first + 10).length);
          expect(shown[0]).toHaveTextContent(`${PROBLEMS[first]!.row}sku`);
          expect(screen.getByRole('navigation', { name: 'Problem pages' })).toHaveTextContent(`Page ${context.errorPage} of 2`);
        } else if (state.matches('importing')) {
          expect(screen.getByRole('heading', { level: 2, name: 'Importing...' })).toBeInTheDocument();
          expect(screen.getByText(new RegExp(`^${context.rowsDone} of ${context.rowsTotal} rows`))).toBeInTheDocument();
          const progress = Number(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'));
          expect(progress).toBeCloseTo((context.rowsDone / context.rowsTotal) * 100);
          if (state.matches({ importing: 'waiting' })) {
            expect(screen.getByText(/is sent again in 2 s/)).toBeInTheDocument();
            expect(button('Cancel')).toBeEnabled();
          } else {
            expect(sender.inputs.at(-1)).toEqual({ kind: 'orders', batch: context.prepared!.batches[context.next] });
            if (context.stopRequested) expect(button('Stopping...')).toBeDisabled();
            else expect(screen.getByText(`Sending batch ${context.next + 1} of 2.`)).toBeInTheDocument();
          }
        } else {
          const title = state.matches('done') ? 'Import complete' : state.matches('cancelled') ? 'Import cancelled' : 'Import stopped';
          expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
          const figures = screen.getByRole('group', { name: 'Summary' });
          const { created, updated, unchanged } = context.totals;
          expect(figures).toHaveTextContent(`Created${created}Updated${updated}Unchanged${unchanged}Rejected12`);
          if (state.matches('failed') && context.failure === 'rejected') {
            const refused = screen.getByRole('group', { name: 'Rows the server refused, scrollable' });
            // The refused batch's first order, its second line: the row after the batch's first.
            const row = context.prepared!.batches[context.next]!.firstRow + 1;
            expect(within(refused).getAllByRole('row')[1]).toHaveTextContent(`${row}skuunknown SKU "FRIES"`);
            expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
          } else {
            // The file's problems stay listed, a page at a time.
            const left = screen.getByRole('group', { name: 'Rows left out, scrollable' });
            expect(within(left).getAllByRole('row')[1]).toHaveTextContent(`${PROBLEMS[(context.errorPage - 1) * 10]!.row}sku`);
            if (state.matches('failed')) {
              expect(screen.getByText(/^Database unavailable\./)).toBeInTheDocument();
              expect(button('Try again')).toBeEnabled();
            }
            if (state.matches('cancelled')) expect(button('Resume')).toBeEnabled();
          }
        }

        if (e.type === 'import.template' && context.kind === 'shifts') {
          expect(downloads.at(-1)!.filename).toBe('shifts-template.csv');
          // The owner's first two restaurants, in turn.
          expect(await downloads.at(-1)!.blob.text()).toMatch(/person_email.*\r\nROSTER-5001,7,.*\r\nROSTER-5002,9,/s);
        }
        if (e.type === 'xstate.done.actor.loadMenu' && state.matches('choosing') && !context.menuMissing) {
          // The orders template names the menu's SKUs.
          expect(downloads.at(-1)!.filename).toBe('orders-template.csv');
          const skus = e.output.map((item) => item.sku);
          expect(await downloads.at(-1)!.blob.text()).toContain(`,completed,${skus[1 % skus.length]},1,550,`);
        }
        if (e.type === 'import.downloadErrors') {
          const file = downloads.at(-1)!;
          const refused = context.failure === 'rejected';
          expect(file.filename).toBe(refused ? 'harbour-orders-refused.csv' : 'harbour-orders-problems.csv');
          const refusedRow = refused ? context.prepared!.batches[context.next]!.firstRow + 1 : 0;
          expect(await file.blob.text()).toContain(refused ? `${refusedRow},sku,"unknown SKU ""FRIES"""` : '20,sku,sku is required');
        }
        if (e.type === 'import.confirmMapping') expect(saved.at(-1)).toEqual({ kind: 'orders', mapping: context.mapping });
      },
    };
  });
});

// Written from the product rules (docs/product.md#data-import), not from the graph.
describe('Data Import scenarios', () => {
  it('a file with our column names goes straight to the check; Import sends each batch in turn and sums what they wrote', async () => {
    const user = userEvent.setup();
    const { reader, checker, sender, menu } = renderImport();
    await upload(user, FILE);
    await act(async () => reader.resolve(MATCHING));
    expect(checker.inputs[0]!.mapping).toMatchObject({ sku: 'sku', customer_ref: 'customer_ref', card_cents: 'card_cents' });
    await act(async () => checker.resolve(PREPARED));
    await act(async () => menu.resolve(MENU));
    await user.click(button('Import 3 orders'));
    expect(sender.inputs.map((i) => i.batch.firstRow)).toEqual([2]);
    await act(async () => sender.resolve({ created: 2, updated: 0, unchanged: 0 }));
    expect(screen.getByText(/^4 of 6 rows · [\d,]+ rows\/s · about \d+ s left$/)).toBeInTheDocument();
    expect(sender.inputs.map((i) => i.batch.firstRow)).toEqual([2, 6]);
    await act(async () => sender.resolve({ created: 0, updated: 1, unchanged: 0 }));
    expect(screen.getByRole('group', { name: 'Summary' })).toHaveTextContent('Created2Updated1Unchanged0Rejected12');
  });

  it('the mapping the owner chose is remembered for the kind and used for the next file with those columns', async () => {
    const user = userEvent.setup();
    const first = renderImport({ saveMapping: true });
    await upload(user, FILE);
    await act(async () => first.reader.resolve({ ...RENAMED, saved: importMappings.load('orders') }));
    await choose(user, 'sku', 'Article');
    await user.click(button('Check the rows'));
    expect(JSON.parse(localStorage.getItem('franchise_import_mapping_orders')!)).toMatchObject({
      sku: 'Article',
      external_id: 'external_id',
    });
    first.unmount();

    const second = renderImport();
    await upload(user, FILE);
    await act(async () => second.reader.resolve({ ...RENAMED, saved: importMappings.load('orders') }));
    // No mapping step: the remembered column is found.
    expect(second.checker.inputs[0]!.mapping).toMatchObject({ sku: 'Article' });
  });

  it('Cancel lets the batch under way finish and counts what it wrote; Resume sends the rest', async () => {
    const user = userEvent.setup();
    const { reader, checker, sender, menu } = renderImport();
    await upload(user, FILE);
    await act(async () => reader.resolve(MATCHING));
    await act(async () => checker.resolve(PREPARED));
    await act(async () => menu.resolve(MENU));
    await user.click(button('Import 3 orders'));
    await user.click(button('Cancel'));
    expect(sender.pending()).toBe(1);
    await act(async () => sender.resolve(WRITTEN));
    expect(screen.getByRole('heading', { level: 2, name: 'Import cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/1 order not sent\. Resume sends them/)).toBeInTheDocument();
    await user.click(button('Resume'));
    expect(sender.inputs.at(-1)!.batch.firstRow).toBe(6);
  });

  it('an orders file naming a SKU the menu lacks says "Import the menu first" before anything is sent, and leads to the menu', async () => {
    const user = userEvent.setup();
    const { reader, checker, sender, menu } = renderImport();
    await upload(user, FILE);
    await act(async () => reader.resolve(MATCHING));
    await act(async () => checker.resolve(PREPARED));
    // The menu as it is now, read once the rows are checked.
    expect(screen.getByRole('status')).toHaveTextContent(`Checking every row of ${FILE.name}`);
    await act(async () => menu.resolve(MENU_WITHOUT_FRIES));
    expect(screen.getByText(/^Your menu has no item with the SKU FRIES\. Orders naming them would be refused/)).toBeInTheDocument();
    expect(button('Import 3 orders')).toBeDisabled();
    expect(sender.inputs).toEqual([]);
    await user.click(button('Import the menu first'));
    expect(screen.getByRole('radio', { name: 'Menu items' })).toBeChecked();
    expect(button('Download menu items template')).toBeEnabled();
  });

  it("the orders template names the menu's SKUs and the owner's restaurants; without a menu it leads to the menu first", async () => {
    const user = userEvent.setup();
    const { menu, downloads } = renderImport();
    await user.click(button('Download orders template'));
    await act(async () => menu.resolve([]));
    expect(downloads).toEqual([]);
    expect(screen.getByText('Your franchise has no menu yet')).toBeInTheDocument();
    await user.click(button('Download orders template'));
    await act(async () => menu.resolve(MENU));
    const text = await downloads[0]!.blob.text();
    expect(text).toContain('POS-1001,7,2026-11-24T12:30:00+11:00,dine_in,pos,2,CUST-42,completed,BURGER,2,3190,2000,1740,');
    expect(text).toContain('POS-1001,7,2026-11-24T12:30:00+11:00,dine_in,pos,2,CUST-42,completed,FRIES,1,550,2000,1740,');
    expect(text).toContain('APP-2002,9,2026-11-24T18:05:00+11:00,delivery,app,1,,completed,BURGER,1,1890,,,1901,189,200,Uber Eats');
  });

  it("a refused batch stops the import: the server's problems on the file's rows, what was written before kept", async () => {
    const user = userEvent.setup();
    const { reader, checker, sender, menu } = renderImport();
    await upload(user, FILE);
    await act(async () => reader.resolve(MATCHING));
    await act(async () => checker.resolve(PREPARED));
    await act(async () => menu.resolve(MENU));
    await user.click(button('Import 3 orders'));
    await act(async () => sender.resolve(WRITTEN));
    await act(async () => sender.reject(REFUSED));
    expect(screen.getByRole('group', { name: 'Summary' })).toHaveTextContent('Created1Updated0Unchanged1');
    // The second batch's record 0 has rows 6 and 7: its line 1 is row 7.
    expect(screen.getByRole('group', { name: 'Rows the server refused, scrollable' })).toHaveTextContent('7skuunknown SKU "FRIES"');
    expect(
      screen.getByText(/^The server refused a batch: The records have problems\. What earlier batches wrote is kept; 1 order not sent\./),
    ).toBeInTheDocument();
  });
});
