import { describeAllRoutes } from '../support/all-routes-a11y-suite';
import { DESKTOP } from '../support/browser';

describeAllRoutes(DESKTOP);
