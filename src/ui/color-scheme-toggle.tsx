import { ActionIcon, Button, Paper, Portal, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';

const CHOICES: readonly { value: MantineColorScheme; label: string; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'auto', label: 'System', Icon: IconDeviceDesktop },
];

const MENU_WIDTH = 160;
const GAP = 8;

/** Below the button, its right edge on the button's (Mantine's bottom-end), unless that would leave the window. */
function placement(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  const top = rect.bottom + GAP;
  return rect.right >= MENU_WIDTH + GAP ? { top, right: window.innerWidth - rect.right } : { top, left: rect.left };
}

/**
 * Light, dark, or the system's scheme; Mantine's colour scheme manager remembers the choice (see ui-provider).
 * A menu button of the WAI-ARIA pattern (arrows, Home / End, Escape, Tab, a click outside) rather than Mantine's Menu:
 * the shell is on every console page, and Menu would bring popover and floating-ui code (about 17 kB brotli) to each.
 */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = CHOICES.find((c) => c.value === colorScheme) ?? CHOICES[2]!;
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const opened = position !== null;

  const close = (refocus: boolean) => {
    setPosition(null);
    if (refocus) button.current?.focus();
  };

  // The portal mounts the menu after this component: its ref, not an effect here, moves the focus into it.
  const attachMenu = (node: HTMLDivElement | null) => {
    menu.current = node;
    if (!node || node.contains(document.activeElement)) return;
    (node.querySelector<HTMLElement>('[aria-current="true"]') ?? node.querySelector<HTMLElement>('[role="menuitem"]'))?.focus();
  };

  useEffect(() => {
    if (!opened) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setPosition(null);
    };
    const away = () => setPosition(null);
    document.addEventListener('pointerdown', outside);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('resize', away);
    };
  }, [opened]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      items[(move + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape') {
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <>
      <ActionIcon
        ref={button}
        variant="subtle"
        color="gray"
        aria-label={`Colour scheme: ${current.label}`}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={() => (opened ? close(false) : button.current && setPosition(placement(button.current)))}
        onKeyDown={(event) => event.key === 'ArrowDown' && !opened && button.current && setPosition(placement(button.current))}
      >
        <current.Icon size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
      {position && (
        <Portal>
          <Paper
            ref={attachMenu}
            id={menuId}
            role="menu"
            aria-label="Colour scheme"
            shadow="md"
            withBorder
            p={4}
            w={MENU_WIDTH}
            style={{ ...position, position: 'fixed', zIndex: 300 }}
            onKeyDown={onMenuKey}
          >
            {CHOICES.map(({ value, label, Icon }) => (
              <Button
                key={value}
                role="menuitem"
                tabIndex={-1}
                // A menuitem may not carry aria-checked; aria-current marks the choice.
                aria-current={value === colorScheme || undefined}
                variant="subtle"
                color="gray"
                c="var(--mantine-color-text)"
                fw={400}
                fullWidth
                justify="space-between"
                leftSection={<Icon size={16} aria-hidden />}
                rightSection={value === colorScheme ? <IconCheck size={16} aria-hidden /> : <span />}
                styles={{ label: { flex: 1 } }}
                onClick={() => {
                  setColorScheme(value);
                  close(true);
                }}
              >
                {label}
              </Button>
            ))}
          </Paper>
        </Portal>
      )}
    </>
  );
}
