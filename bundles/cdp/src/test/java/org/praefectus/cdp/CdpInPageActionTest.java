package org.praefectus.cdp;

/**
 * Every action and refusal of {@link CdpActionTest} (a moved, renamed, re-rendered, covered, detached or navigated-away
 * target refused without effect, and each effect proven) with names computed in the page
 * ({@link CdpConfig#IN_PAGE_NAMES_FROM}, here for every page whatever its size).
 */
class CdpInPageActionTest extends CdpActionTest {

    @Override
    CdpExecutor connect(Chromium browser, String target) throws Exception {
        return CdpExecutor.connect(browser.config(target).withInPageNames(0));
    }
}
