import * as z from 'zod';

/**
 * Names end up in mail subjects and bodies, lists and logs. A control character (C0 or C1: CR, LF and TAB among
 * them) or a line or paragraph separator (U+2028, U+2029) could start a mail header or fake a line, and a Unicode
 * bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) shows text in another order than it
 * is stored: names refuse all three. Each is a Unicode property, for a regular expression's class (`u` flag).
 */
export const CONTROL_CHARACTERS = '\\p{Cc}';
export const BIDI_CONTROLS = '\\p{Bidi_Control}';
export const LINE_SEPARATORS = '\\p{Zl}\\p{Zp}';

const controlsMessage = (label: string) => `${label} cannot contain line breaks, tabs or other control characters`;
export const NAME_CONTROL_CHARACTERS_MESSAGE = controlsMessage('Name');

/**
 * A name (a person's, member's, restaurant's, franchise's, profile's, API key's, menu item's or supplier's): one line
 * without control characters, trimmed. `label` names the field in the messages.
 */
export const displayName = (max = 200, label = 'Name') =>
  z
    .string(`${label} is required`)
    // Before trimming: a trailing line break is refused too, not silently cut off.
    .regex(new RegExp(`^[^${CONTROL_CHARACTERS}${BIDI_CONTROLS}${LINE_SEPARATORS}]*$`, 'u'), {
      message: controlsMessage(label),
      abort: true,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
