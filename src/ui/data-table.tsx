import './data-table.css';
import type { ReactNode } from 'react';

/** A table with Mantine's Table look (row borders, 6 px vertical spacing); thead / tbody / tr / th / td inside are plain. */
export function DataTable({ striped = false, children, ...aria }: { striped?: boolean; children: ReactNode; 'aria-label'?: string }) {
  return (
    <table className="fc-table" data-striped={striped || undefined} {...aria}>
      {children}
    </table>
  );
}
