import { menuCostsMachine } from '../../machines/menu-costs.machine';
import { appEffects } from '../app-effects';
import { MenuCostsContext, MenuView } from './menu.view';

const logic = menuCostsMachine.provide({
  actions: { notify: appEffects.notify },
});

/** `/menu` (lazy-loaded, owners). */
export default function MenuPage() {
  return (
    <MenuCostsContext.Provider logic={logic}>
      <MenuView />
    </MenuCostsContext.Provider>
  );
}
