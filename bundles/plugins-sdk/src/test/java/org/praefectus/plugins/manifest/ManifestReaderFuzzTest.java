package org.praefectus.plugins.manifest;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A plugin manifest comes from a directory anyone can write to: for any bytes the reader either returns a
 * validated manifest or throws {@link ManifestException}, never another exception.
 */
class ManifestReaderFuzzTest {

    @FuzzTest
    void parse(byte[] input) {
        try {
            ManifestReader.parse(input, "fuzz");
        } catch (ManifestException expected) {
            // a refusal with a message is the only acceptable failure
        }
    }
}
