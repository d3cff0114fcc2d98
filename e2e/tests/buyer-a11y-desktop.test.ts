import { DESKTOP } from '../support/browser';
import { describeBuyerRoutes } from '../support/buyer-a11y-suite';

describeBuyerRoutes(DESKTOP);
