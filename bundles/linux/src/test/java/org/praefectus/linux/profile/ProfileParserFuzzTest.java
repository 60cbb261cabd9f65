package org.praefectus.linux.profile;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A desktop profile comes from any folder on {@code PEEKABOOX_DESKTOP_PROFILE_PATH}: for any bytes the parser
 * either returns a profile whose every target selector parsed, or throws {@link ProfileParser.InvalidProfile},
 * never another exception.
 */
class ProfileParserFuzzTest {

    @FuzzTest
    void parse(byte[] input) {
        try {
            DesktopProfile profile = ProfileParser.parse(input, "fuzz");
            if (profile.targets().isEmpty()) {
                throw new IllegalStateException("a parsed profile has at least one target");
            }
        } catch (ProfileParser.InvalidProfile expected) {
            // a refusal naming the field is the only acceptable failure
        }
    }
}
