// Which day is "today" for the date rules (decision 013): the service's date in its own time zone
// (TZ_DEFAULT), moved by at most one day to the traveller's date in the zone the client states. A
// traveller west or east of the service is not refused an arrival on their own today; a client
// that claims a zone further away than a day gains nothing.
import { addDaysIso, type IsoDate } from '../dates.ts';

/** How many days the traveller's own date may differ from the service's, either way. */
export const TODAY_TOLERANCE_DAYS = 1;

/** The traveller's date when it is within the tolerance of the service's, else the service's. */
export const travellerToday = (
  serviceToday: IsoDate,
  statedToday: IsoDate | undefined,
): IsoDate => {
  if (statedToday === undefined) return serviceToday;
  const earliest = addDaysIso(serviceToday, -TODAY_TOLERANCE_DAYS);
  const latest = addDaysIso(serviceToday, TODAY_TOLERANCE_DAYS);
  return statedToday >= earliest && statedToday <= latest && /^\d{4}-\d{2}-\d{2}$/.test(statedToday)
    ? statedToday
    : serviceToday;
};
