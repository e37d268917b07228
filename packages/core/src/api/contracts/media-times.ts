/** Times in a media range, in seconds, as the calls that set one take them. */
import { z } from 'zod';
import { MEDIA } from '../../constants';
import { LATEST_TIME } from '../../board-messages';

/** Kept to the millisecond, as the time code written into the media line keeps it. */
const toMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

export const mediaStart = z.number().min(0).max(MEDIA.maxSeconds, LATEST_TIME).transform(toMs);
/** -1 is "to the end". */
export const mediaEnd = z.number().min(-1).max(MEDIA.maxSeconds, LATEST_TIME).transform(toMs);
