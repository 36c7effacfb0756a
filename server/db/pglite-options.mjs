// Plain JavaScript: shared by the database worker thread and the TypeScript server.

const OID = { INT8: 20, DATE: 1082 };

/** Both drivers return the same JS types: dates as 'YYYY-MM-DD', int8 as number, timestamptz as Date. */
export const TYPE_PARSERS = { [OID.INT8]: Number, [OID.DATE]: (value) => value };
