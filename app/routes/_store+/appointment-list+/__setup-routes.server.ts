import { type RouteArgs, type StoreSignedIn, storeRoute } from "~/server/store-route.server";
import { type Twin, TWINS } from "~/utils/twins";
import * as setup from "./__setup.server";

type Run<T> = (args: RouteArgs, variant: Twin, signed: StoreSignedIn) => Promise<T>;

/** The loaders and actions of a variant's set-up pages, each guarded by the variant's module permission. */
function setupRoutes(variant: Twin) {
  const { module } = TWINS[variant].appointment;
  const read = <T>(run: Run<T>) => storeRoute(`${module}:read`, (args, signed) => run(args, variant, signed));
  const write = <T>(run: Run<T>) => storeRoute(`${module}:write`, (args, signed) => run(args, variant, signed));
  return {
    providerList: { loader: read(setup.providerListData) },
    providerAdd: { loader: write(setup.providerAddData), action: write(setup.addProvider) },
    providerDetail: { loader: read(setup.providerDetailData), action: write(setup.editProvider) },
    categoryList: { loader: read(setup.categoryListData) },
    categoryAdd: { loader: write(setup.categoryAddData), action: write(setup.addCategory) },
    categoryDetail: { loader: read(setup.categoryDetailData), action: write(setup.editCategory) },
    serviceList: { loader: read(setup.serviceListData) },
    serviceAdd: { loader: write(setup.serviceAddData), action: write(setup.addService) },
    serviceDetail: { loader: read(setup.serviceDetailData), action: write(setup.editService) },
    sorting: { loader: read(setup.sortingData), action: write(setup.moveService) },
  };
}

export const SETUP_ROUTES = { general: setupRoutes("general"), medical: setupRoutes("medical") };
