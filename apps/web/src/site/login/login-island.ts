/** The sign-in page as an island module (site/islands.ts). */
import { LoginPage } from './login-page';

export default LoginPage;
