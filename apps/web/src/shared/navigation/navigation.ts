type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

/** Lets code outside React (API client, sign-out) navigate through the router once it has mounted. */
export const setNavigator = (navigate: Navigate): void => {
  navigator = navigate;
};

/** Navigates within the console. */
export const navigateTo: Navigate = (to, options) => navigator(to, options);
