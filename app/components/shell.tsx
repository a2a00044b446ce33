import { Form, Link as RemixLink, useLocation, useMatches, useNavigation, useRouteLoaderData } from "@remix-run/react";
import type { IconSource } from "@shopify/polaris";
import { ActionList } from "@shopify/polaris/build/esm/components/ActionList/ActionList.js";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Frame } from "@shopify/polaris/build/esm/components/Frame/Frame.js";
import { Icon } from "@shopify/polaris/build/esm/components/Icon/Icon.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Loading } from "@shopify/polaris/build/esm/components/Loading/Loading.js";
import { Navigation } from "@shopify/polaris/build/esm/components/Navigation/Navigation.js";
import { Spinner } from "@shopify/polaris/build/esm/components/Spinner/Spinner.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { TopBar } from "@shopify/polaris/build/esm/components/TopBar/TopBar.js";
import {
  ArrowLeftIcon,
  CalendarIcon,
  CalendarTimeIcon,
  CashDollarIcon,
  ChatIcon,
  ClipboardIcon,
  DiscountIcon,
  HomeIcon,
  InventoryIcon,
  LayoutBlockIcon,
  LayoutSidebarLeftIcon,
  ListBulletedIcon,
  MenuIcon as MenuButtonIcon,
  NotificationIcon,
  OrderIcon,
  PackageIcon,
  PersonIcon,
  PointOfSaleIcon,
  ProductIcon,
  QuestionCircleIcon,
  ReceiptIcon,
  SettingsIcon,
  SportsIcon,
  StoreIcon,
  TeamIcon,
  ViewIcon,
} from "@shopify/polaris-icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MenuIcon, MenuItem } from "~/menu";
import type { loader as rootLoader } from "~/root";
import { hidesSetupPanel, parentUrl } from "~/utils/handle";
import { LanguageSwitch } from "./language-switch";
import { SetupGuide, type SetupTask } from "./setup-guide";

export interface ShellData {
  accountType: "console" | "store" | "store_staff";
  userName: string;
  menu: MenuItem[];
  /** Set when a store is being managed. */
  store: {
    name: string;
    /** The store's logo (general setting), shown in the top bar. */
    logoUrl: string | null;
    viewStoreUrl: string | null;
    trialExpiryDate: string | null;
  } | null;
  shopGuideUrl: string | null;
  /** A staff member inside a customer store may exit it. */
  canExitStore: boolean;
  /** The merchant's setup checklist while it is unfinished (spec §2); null when it is hidden. */
  setup: SetupTask[] | null;
}

/** The content layout: top bar, navigation drawer, trial card and setup panel around a page. */
export function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  const [mobileNavigationOpen, setMobileNavigationOpen] = useState(false);
  const preferences = useRouteLoaderData<typeof rootLoader>("root");
  const showSetup = data.setup !== null && !hidesSetupPanel(matches);

  const topBar = (
    <TopBar
      showNavigationToggle
      onNavigationToggle={() => setMobileNavigationOpen((open) => !open)}
      secondaryMenu={<TopBarActions data={data} backUrl={parentUrl(matches)} />}
    />
  );

  const navigationMarkup = (
    <>
      {preferences?.miniDrawer && <MiniNavigation menu={data.menu} pathname={location.pathname} />}
      <Navigation location={location.pathname + location.search}>
        {menuSections(data.menu).map((section) =>
          section.group ? (
            <Navigation.Section
              key={section.group.label}
              title={t(`menu.${section.group.label}`)}
              items={section.group.items!.map((item) => ({ url: item.url, label: t(`menu.${item.label}`) }))}
            />
          ) : (
            <Navigation.Section
              key={section.singles[0].label}
              items={section.singles.map((item) => ({
                url: item.url,
                label: t(`menu.${item.label}`),
                icon: item.icon && MENU_ICONS[item.icon],
                exactMatch: true,
              }))}
            />
          ),
        )}
      </Navigation>
    </>
  );

  return (
    <Frame
      logo={
        data.store?.logoUrl
          ? { topBarSource: data.store.logoUrl, accessibilityLabel: data.store.name, url: "/my-store", width: 96 }
          : undefined
      }
      topBar={topBar}
      navigation={navigationMarkup}
      showMobileNavigation={mobileNavigationOpen}
      onNavigationDismiss={() => setMobileNavigationOpen(false)}
    >
      {navigation.state !== "idle" && (
        <>
          <Loading />
          <div className="loading-overlay" role="progressbar" aria-label={t("shell.loading")}>
            <Spinner accessibilityLabel={t("shell.loading")} />
          </div>
        </>
      )}
      {data.canExitStore && data.store && <StoreContextBar storeName={data.store.name} />}
      {(data.store?.trialExpiryDate || showSetup) && (
        <div className="shell-notices">
          {data.store?.trialExpiryDate && (
            <div className="trial-card">
              <Banner
                tone="info"
                title={t("shell.trial-title")}
                action={data.accountType === "store" ? { content: t("shell.choose-plan"), url: "/my-plan" } : undefined}
              >
                <p>{t("shell.trial-expiry", { date: data.store.trialExpiryDate })}</p>
              </Banner>
            </div>
          )}
          {showSetup && <SetupGuide tasks={data.setup!} open={location.pathname === "/my-store"} />}
        </div>
      )}
      {children}
    </Frame>
  );
}

type MenuSection = { group: MenuItem; singles?: never } | { group?: never; singles: MenuItem[] };

/** The menu in its order: each run of single entries one section, each group a titled section of its own. */
function menuSections(menu: MenuItem[]): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const item of menu) {
    const last = sections.at(-1);
    if (item.items) sections.push({ group: item });
    else if (last?.singles) last.singles.push(item);
    else sections.push({ singles: [item] });
  }
  return sections;
}

const MENU_ICONS: Record<MenuIcon, IconSource> = {
  home: HomeIcon,
  "point-of-sale": PointOfSaleIcon,
  order: OrderIcon,
  product: ProductIcon,
  person: PersonIcon,
  discount: DiscountIcon,
  calendar: CalendarIcon,
  "calendar-time": CalendarTimeIcon,
  sports: SportsIcon,
  cash: CashDollarIcon,
  package: PackageIcon,
  clipboard: ClipboardIcon,
  receipt: ReceiptIcon,
  chat: ChatIcon,
  inventory: InventoryIcon,
  layout: LayoutBlockIcon,
  notification: NotificationIcon,
  team: TeamIcon,
  list: ListBulletedIcon,
  store: StoreIcon,
  settings: SettingsIcon,
};

/**
 * The collapsed drawer on a wide screen: one icon per top-level entry (a group opens at its first page), its
 * name the link's accessible name and, on hover or focus, its tooltip. Phones keep the full menu.
 */
function MiniNavigation({ menu, pathname }: { menu: MenuItem[]; pathname: string }) {
  const { t } = useTranslation();
  const paths = (item: MenuItem): string[] => [item.url, ...(item.items ?? []).map((child) => child.url)];
  const current = menu.find((item) =>
    paths(item).some((url) => {
      const path = new URL(url, "http://menu.local").pathname;
      return pathname === path || pathname.startsWith(`${path}/`);
    }),
  );
  return (
    <nav className="mini-nav" aria-label={t("shell.menu")}>
      <ul>
        {menu.map((item) => (
          <li key={item.label}>
            <RemixLink to={item.url} className="mini-nav__link" aria-current={item === current ? "page" : undefined}>
              <Icon source={item.icon ? MENU_ICONS[item.icon] : ListBulletedIcon} />
              <span className="mini-nav__label">{t(`menu.${item.label}`)}</span>
            </RemixLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One top-bar action: an icon and its label; on a phone the label is kept for screen readers only. */
function TopBarAction({ icon, label, wideOnly = false, ...target }: TopBarActionProps) {
  const className = `top-bar-action${wideOnly ? " top-bar-action--wide-only" : ""}`;
  const content = (
    <>
      <Icon source={icon} />
      <span className="top-bar-action__label">{label}</span>
    </>
  );
  if ("submit" in target) {
    return (
      <button type="submit" className={className}>
        {content}
      </button>
    );
  }
  return target.external ? (
    <a href={target.url} className={className} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  ) : (
    <RemixLink to={target.url} className={className}>
      {content}
    </RemixLink>
  );
}

type TopBarActionProps = {
  icon: IconSource;
  label: string;
  /** Not offered on a phone, where it means nothing. */
  wideOnly?: boolean;
} & ({ url: string; external?: boolean } | { submit: true });

function TopBarActions({ data, backUrl }: { data: ShellData; backUrl: string | null }) {
  const { t } = useTranslation();
  const preferences = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  return (
    <div className="top-bar-actions">
      {/* Polaris's menu toggle needs JavaScript; until the page has it, this link opens the drawer. */}
      <a href="#AppFrameNav" className="top-bar-action nav-fallback">
        <Icon source={MenuButtonIcon} />
        <span className="top-bar-action__label">{t("shell.menu")}</span>
      </a>
      {backUrl && <TopBarAction icon={ArrowLeftIcon} label={t("shell.back")} url={backUrl} />}
      <Form noValidate method="post" action="/preferences" className="top-bar-action--wide-only">
        <input type="hidden" name="redirectTo" value={returnTo} />
        <input type="hidden" name="intent" value="drawer" />
        <TopBarAction
          icon={LayoutSidebarLeftIcon}
          label={preferences?.miniDrawer ? t("shell.expand-drawer") : t("shell.collapse-drawer")}
          submit
        />
      </Form>
      {data.shopGuideUrl && (
        <TopBarAction icon={QuestionCircleIcon} label={t("shell.shop-guide")} url={data.shopGuideUrl} external />
      )}
      {data.store?.viewStoreUrl && (
        <TopBarAction icon={ViewIcon} label={t("shell.view-store")} url={data.store.viewStoreUrl} external />
      )}
      <UserMenu data={data} returnTo={returnTo} />
    </div>
  );
}

/**
 * Provider staff inside a customer store always see which store they act in, and the way out: first, at
 * the start of the line, where the user menu's panel (opening from the other end) never covers it.
 */
function StoreContextBar({ storeName }: { storeName: string }) {
  const { t } = useTranslation();
  return (
    <div className="store-context-bar" role="status">
      <Form noValidate method="post" action="/exit-store">
        <Button submit size="slim">
          {t("shell.exit")}
        </Button>
      </Form>
      <Text as="p" variant="bodyMd">
        {t("shell.viewing-store", { name: storeName })}
      </Text>
    </div>
  );
}

/**
 * A disclosure, not a popover: it opens and every item works with JavaScript off; with JavaScript it also
 * closes on Escape (focus back on its summary) and on a click outside, as a menu does.
 */
function UserMenu({ data, returnTo }: { data: ShellData; returnTo: string }) {
  const { t } = useTranslation();
  const preferences = useRouteLoaderData<typeof rootLoader>("root");
  // A new page starts with the menu closed, as after a full page load.
  const { key: pageKey } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);
  return (
    <details className="user-menu" key={pageKey} ref={menu}>
      <summary>{data.userName || t("shell.account")}</summary>
      <div className="user-menu__panel">
        <Card padding="200">
          <BlockStack gap="200">
            <ActionList
              items={[
                data.accountType === "console"
                  ? { content: t("menu.all-merchants"), url: "/staff-store-list" }
                  : { content: t("menu.overview"), url: "/my-store" },
                ...(data.accountType === "store"
                  ? [
                      { content: t("menu.my-account"), url: "/my-account" },
                      { content: t("menu.my-plan"), url: "/my-plan" },
                      { content: t("menu.bills"), url: "/bills" },
                    ]
                  : []),
                { content: t("menu.two-step"), url: "/two-step" },
              ]}
            />
            {data.canExitStore && (
              <Form noValidate method="post" action="/exit-store">
                <Button submit variant="plain">
                  {t("shell.exit-store")}
                </Button>
              </Form>
            )}
            <InlineStack gap="200" blockAlign="center">
              <Text as="span" tone="subdued">
                {t("shell.language")}
              </Text>
              <LanguageSwitch current={preferences?.locale ?? ""} returnTo={returnTo} />
            </InlineStack>
            <Form noValidate method="post" action="/preferences">
              <input type="hidden" name="redirectTo" value={returnTo} />
              <input type="hidden" name="intent" value="theme" />
              <Button submit variant="plain">
                {preferences?.themeDark ? t("shell.theme-light") : t("shell.theme-dark")}
              </Button>
            </Form>
            <Form noValidate method="post" action="/logout">
              <Button submit variant="plain" tone="critical">
                {t("shell.logout")}
              </Button>
            </Form>
          </BlockStack>
        </Card>
      </div>
    </details>
  );
}
