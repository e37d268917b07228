/**
 * Item text → blocks: splitting, block types in the spec's order, media lines, links, labels.
 * Pure functions, no I/O; the server stores textToBlocks' result for every item.
 */
export type { MarkupContext } from './context';
export { textToBlocks, blocksToText } from './blocks';
export { splitBlockTexts } from './split';
export { classifyBlock, boardRefsOf } from './classify';
export { parseMediaLine, titleToSlug, type MediaLine } from './media';
export {
  resolveAddress,
  isUploadPath,
  isHttpUrl,
  fileNameOf,
  type AddressKind,
  type ResolvedAddress,
} from './address';
export { parseTimecode, formatTimecode } from './timecode';
export { parseRangeToken, parseFragmentRange, rangeUrl } from './range';
export { setMediaLineRange } from './range-edit';
export {
  IMAGE_SUFFIXES,
  HEIC_SUFFIXES,
  VIDEO_SUFFIXES,
  AUDIO_SUFFIXES,
  DOCUMENT_SUFFIXES,
  OTHER_SUFFIXES,
  MAX_SUFFIX_LENGTH,
  mediaKind,
  isKnownSuffix,
  suffixOf,
  stripQueryAndHash,
  type MediaKind,
} from './suffix';
export {
  parseLink,
  parseFuncLink,
  splitFuncArgs,
  isSafeImageSource,
  type ParsedLink,
  type LinkKind,
} from './links';
export {
  parseWholeMarkdownLink,
  inlineLinkDestinations,
  sectionLinkAt,
  type MarkdownLink,
} from './mdlink';
export { parseListToggle, type ListToggle } from './toggle';
export { parseJsMedia } from './jsmedia';
export { hasInlineMath, inlineMathAt, mathBlockType, mathSource, type MathBlockType } from './math';
export { markdownBlockType, type MarkdownBlockType } from './markdown';
export { infoLanguage } from './fence';
export { parseLabelsText, formatLabelsText, nextAnnoLabel, noteTextOrHighlight } from './labels';
export {
  blockSpans,
  sentenceSpans,
  sentencesOf,
  sentenceEnds,
  normalizeText,
  replaceBlock,
  type Span,
} from './spans';
export * from './headline';
export { mentionAt, mentionsIn, mentionTyped, MENTIONS_MAX, sameName } from './mentions';
export {
  BOARD_TAGS_MAX,
  boardTagsOf,
  typedTags,
  writtenTags,
  hasTag,
  notATag,
  tagAt,
  tagKey,
  tagOf,
  tagsIn,
  tagTyped,
  TAG_MAX,
} from './tags';
