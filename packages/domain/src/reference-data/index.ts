// The shipped reference data: the server seeds its tables from it; tests use it as the real lists.
// Not imported by the browser bundle (the web app receives the lists from GET /api/getalldata).
import type { ReferenceData } from '../reference.ts';
import countries from './countries.json' with { type: 'json' };
import entryReasons from './entry-reasons.json' with { type: 'json' };
import gender from './gender.json' with { type: 'json' };
import lengthOfStay from './length-of-stay.json' with { type: 'json' };
import maritalStatus from './marital-status.json' with { type: 'json' };
import occupation from './occupation.json' with { type: 'json' };
import passportTypes from './passport-types.json' with { type: 'json' };

export const referenceData: ReferenceData = {
  entryReasons: entryReasons as ReferenceData['entryReasons'],
  allcountry: countries as ReferenceData['allcountry'],
  lengthofstay: lengthOfStay,
  passportType: passportTypes as ReferenceData['passportType'],
  gender,
  maritalstatus: maritalStatus,
  occupation,
};
