import * as z from 'zod';
import type { ApiFailure } from '../envelope.js';

// The answer schemas' shared parts: the exact-type check, the common scalars and the error envelope.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** `schema`, checked by the compiler to describe exactly the contract type T. */
export const exactly =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : never)): S =>
    schema;

export const id = z.int().min(1);
export const instant = z.string().meta({ format: 'date-time' });
export const calendarDay = z.string().meta({ format: 'date', description: 'YYYY-MM-DD, a calendar day in the franchise’s time zone' });
export const dollars = z.number().meta({ description: 'Dollars, two decimals' });
export const hours = z.number().meta({ description: 'Hours, two decimals' });
export const percent = z.number().meta({ description: '0–100, one decimal' });

export const errorEnvelope = exactly<ApiFailure>()(
  z.object({
    status: z.literal('error'),
    message: z.string().meta({ description: 'A sentence to show the user' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Messages by field, e.g. `email` or `orders[3].lines[0].sku`; `_` for the body as a whole' }),
  }),
);
