/** The id of the JSON script that carries the BootPayload from the server to the browser. */
export const BOOT_ELEMENT_ID = 'boot-data'
