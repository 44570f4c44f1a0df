import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// Spec section 9: speed 500 ms, ease, no spinner.
NProgress.configure({ speed: 500, easing: 'ease', showSpinner: false });

export { NProgress };
