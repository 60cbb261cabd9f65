package org.praefectus.cdp;

/**
 * Every action and refusal of {@link CdpActionTest} (a moved, renamed, re-rendered, covered, detached or navigated-away
 * target refused without effect, and each effect proven) with names read from Chromium's whole accessibility tree
 * ({@link CdpConfig#withAccessibilityTreeNames()}, the fallback of names computed in the page).
 */
class CdpTreeNamesActionTest extends CdpActionTest {

    @Override
    CdpExecutor connect(Chromium browser, String target) throws Exception {
        return CdpExecutor.connect(browser.config(target).withAccessibilityTreeNames());
    }
}
