import * as z from 'zod';

/**
 * Names end up in mail subjects and bodies, lists and logs. A control character (C0 or C1: CR, LF and TAB among
 * them) could start a mail header or fake a line, and a Unicode bidirectional control (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069) shows text in another order than it is stored: names refuse both, and the mailer
 * drops them from names stored before. Each is a Unicode property, for a regular expression's class (`u` flag).
 */
export const CONTROL_CHARACTERS = '\\p{Cc}';
export const BIDI_CONTROLS = '\\p{Bidi_Control}';

export const NAME_CONTROL_CHARACTERS_MESSAGE = 'Name cannot contain line breaks, tabs or other control characters';

/** A person's, member's, restaurant's, profile's or API key's name: one line without control characters, trimmed. */
export const displayName = (max = 200) =>
  z
    .string('Name is required')
    // Before trimming: a trailing line break is refused too, not silently cut off.
    .regex(new RegExp(`^[^${CONTROL_CHARACTERS}${BIDI_CONTROLS}]*$`, 'u'), { message: NAME_CONTROL_CHARACTERS_MESSAGE, abort: true })
    .trim()
    .min(1, 'Name is required')
    .max(max, `Name must be at most ${max} characters`);
