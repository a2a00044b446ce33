import { routePage } from "~/components/route-page";
import { type Twin, TWIN_NAMESPACES, TWINS } from "~/utils/twins";
import * as pages from "./__setup-pages";

/** The pages but the lists (./__setup-lists) of a variant's set-up routes, each with its Back link to its list. */
function setupPages(variant: Twin) {
  const urls = TWINS[variant].appointment.urls;
  const i18n = [TWIN_NAMESPACES.setup, TWIN_NAMESPACES.calendarFeed];
  return {
    providerAdd: routePage(pages.AddProviderPage, { i18n, parent: urls.providers }),
    providerDetail: routePage(pages.EditProviderPage, { i18n, parent: urls.providers }),
    categoryAdd: routePage(pages.AddCategoryPage, { i18n, parent: urls.categories }),
    categoryDetail: routePage(pages.EditCategoryPage, { i18n, parent: urls.categories }),
    serviceAdd: routePage(pages.AddServicePage, { i18n, parent: urls.services }),
    serviceDetail: routePage(pages.EditServicePage, { i18n, parent: urls.services }),
    sorting: routePage(pages.SortingPage, { i18n, parent: urls.services }),
  };
}

export const SETUP_PAGES = { general: setupPages("general"), medical: setupPages("medical") };
