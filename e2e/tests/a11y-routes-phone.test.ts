import { describeAllRoutes } from '../support/all-routes-a11y-suite';
import { PHONE } from '../support/browser';

describeAllRoutes(PHONE);
