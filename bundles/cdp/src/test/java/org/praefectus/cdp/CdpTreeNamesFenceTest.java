package org.praefectus.cdp;

/**
 * Every race of {@link CdpFenceTest} (a button renamed in each frame the fence waits, a label flipping every 25 ms, a
 * field relabelled, a pane renamed) with names read from Chromium's whole accessibility tree
 * ({@link CdpConfig#withAccessibilityTreeNames()}, the path a page falls back to when the names computed in it and
 * the snapshot disagree): either way no name the page changed is ever acted on.
 */
class CdpTreeNamesFenceTest extends CdpFenceTest {

    @Override
    CdpExecutor connect(Chromium browser, String target) throws Exception {
        return CdpExecutor.connect(browser.config(target).withAccessibilityTreeNames());
    }
}
