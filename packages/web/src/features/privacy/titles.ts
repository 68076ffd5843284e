/** The route's title: apart from the notice, as the route table loads with every page. */
export const PRIVACY_TITLE = '用户协议与隐私政策';
