// GET /api/getalldata answers the domain's ReferenceData in the envelope's `body`; GET /api/config
// answers `ConfigAnswer` there. Declared once for the server and the web app.
import type { TEXT_PARAMETERS } from '../constants.ts';

/** The figures every text quotes (TEXT_PARAMETERS), as JSON carries them. */
type TextParameters = {
  [K in keyof typeof TEXT_PARAMETERS]: (typeof TEXT_PARAMETERS)[K] extends number ? number : string;
};

/** GET /api/config (200, in `body`): runtime settings and the figures every text quotes. */
export interface ConfigAnswer {
  /** Where /backoffice sends the browser. */
  backofficeUrl: string;
  parameters: TextParameters & {
    /** FEE_WAIVED_UNTIL (YYYY-MM-DD); `pilotEnds` is the same date under its older name. */
    feeWaivedUntil: string;
    pilotEnds: string;
    /** Whether the fee is charged today (the service's date). */
    feeCharged: boolean;
  };
}
