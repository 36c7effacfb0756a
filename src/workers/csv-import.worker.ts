import { expose } from 'comlink';
import { csvImportApi } from './csv-import';

// The CSV import's worker: reading and checking a large file never blocks the page. A module worker from our own
// origin, which the CSP's script-src 'self' allows (papaparse's own worker mode starts from a blob: URL, which it refuses).
expose(csvImportApi);
