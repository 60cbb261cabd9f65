package org.praefectus.cdp;

/**
 * Every race of {@link CdpFenceTest} (a button renamed in each frame the fence waits, a label flipping every 25 ms, a
 * field relabelled, a pane renamed) with names computed in the page ({@link CdpConfig#IN_PAGE_NAMES_FROM}, here for
 * every page whatever its size): the act-time fence still reads the target's own accessibility node, so no name the
 * page changed is ever acted on.
 */
class CdpInPageFenceTest extends CdpFenceTest {

    @Override
    CdpExecutor connect(Chromium browser, String target) throws Exception {
        return CdpExecutor.connect(browser.config(target).withInPageNames(0));
    }
}
