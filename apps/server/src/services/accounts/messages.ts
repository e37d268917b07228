/** The account messages the spec leaves open are shared with the web, so they live in core. */
export { accountMsg } from '@listboard/core';
