export {
  DATE_FORMATS,
  MONTH_NAMES,
  WEEKDAY_NAMES,
  parseCalendarDate,
  type CalendarDate,
  type DateFormat,
  type ParsedDate,
} from './formats';
export { ZONE_IANA, localDateString, localMidnight, zoneOf, zoneOffsetMinutes } from './zones';
export {
  calendarRange,
  parseDate,
  parseDateRange,
  searchDateParser,
  type DateSearchRange,
  type InstantRange,
} from './range';
export {
  dateSearchText,
  searchWindow,
  validateSearchArgs,
  type SearchDates,
} from './search-window';
