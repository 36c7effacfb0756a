import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The folder map a newcomer reads first must not drift from the tree: every code folder is named in
// docs/architecture.md's table (two levels deep) and every top-level one in the README's map.

const folders = (root: string) => readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());
const section = (text: string, heading: string) => {
  const start = text.indexOf(`\n${heading}\n`);
  return text.slice(start, text.indexOf('\n## ', start + 1));
};

describe('the folder maps', () => {
  it('docs/architecture.md names every folder of src, server and contract', () => {
    const table = section(readFileSync('docs/architecture.md', 'utf8'), '## Layers and folders');
    const tree = ['src', 'server', 'contract'].flatMap((root) => folders(root).map((name) => ({ root, name })));
    expect(tree.length).toBeGreaterThan(20);
    // A folder is named by its path, or by its name in the list of a row such as `server/<domain>/`.
    const missing = tree.filter(
      ({ root, name }) => !table.includes(`${root}/${name}/`) && !table.includes(`\`${name}\``) && !table.includes(`\`${name}/\``),
    );
    expect(missing).toEqual([]);
  });

  it('the README names every top-level code folder', () => {
    const map = section(readFileSync('README.md', 'utf8'), '## Where the code is');
    const code = ['src', 'contract', 'server', 'tests', 'bench', 'scripts'].filter((d) => statSync(d).isDirectory());
    expect(code.filter((d) => !map.includes(`${d}/`))).toEqual([]);
  });
});
