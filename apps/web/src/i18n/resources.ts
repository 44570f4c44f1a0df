import enAccounts from './locales/en/accounts.json';
import enAuth from './locales/en/auth.json';
import enChart from './locales/en/chart.json';
import enCommon from './locales/en/common.json';
import enCrud from './locales/en/crud.json';
import enDatacenter from './locales/en/datacenter.json';
import enDevices from './locales/en/devices.json';
import enException from './locales/en/exception.json';
import enKit from './locales/en/kit.json';
import enLayout from './locales/en/layout.json';
import enMap from './locales/en/map.json';
import enMessages from './locales/en/messages.json';
import enTable from './locales/en/table.json';
import zhAccounts from './locales/zh/accounts.json';
import zhAuth from './locales/zh/auth.json';
import zhChart from './locales/zh/chart.json';
import zhCommon from './locales/zh/common.json';
import zhCrud from './locales/zh/crud.json';
import zhDatacenter from './locales/zh/datacenter.json';
import zhDevices from './locales/zh/devices.json';
import zhException from './locales/zh/exception.json';
import zhKit from './locales/zh/kit.json';
import zhLayout from './locales/zh/layout.json';
import zhMap from './locales/zh/map.json';
import zhMessages from './locales/zh/messages.json';
import zhTable from './locales/zh/table.json';

/** Both catalogues; the files are small enough to ship in the main bundle. */
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    layout: enLayout,
    exception: enException,
    table: enTable,
    messages: enMessages,
    accounts: enAccounts,
    devices: enDevices,
    chart: enChart,
    map: enMap,
    kit: enKit,
    crud: enCrud,
    datacenter: enDatacenter,
  },
  zh: {
    common: zhCommon,
    auth: zhAuth,
    layout: zhLayout,
    exception: zhException,
    table: zhTable,
    messages: zhMessages,
    accounts: zhAccounts,
    devices: zhDevices,
    chart: zhChart,
    map: zhMap,
    kit: zhKit,
    crud: zhCrud,
    datacenter: zhDatacenter,
  },
} as const;
