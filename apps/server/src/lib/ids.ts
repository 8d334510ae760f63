const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our ids are UUIDs; anything else cannot name a record, so it is a 404 rather than a database error. */
export const isUuid = (value: string) => UUID.test(value);
