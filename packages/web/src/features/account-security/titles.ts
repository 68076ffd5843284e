/** The route's title: apart from the screen's texts, as the route table loads with every page. */
export const ACCOUNT_SECURITY_TITLES = {
  title: '账号与安全',
} as const;
