package org.praefectus.cli.launch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class OnDemandBundlesTest {

    @Test
    void anOnDemandBundleStartsOnlyForItsCommands() {
        Properties launch = new Properties();
        launch.setProperty(OnDemandBundles.BUNDLES, " org.praefectus.mcp, io.modelcontextprotocol.sdk.mcp-core ,");
        launch.setProperty(OnDemandBundles.COMMANDS, "mcp,help");
        OnDemandBundles onDemand = OnDemandBundles.from(launch);

        assertTrue(onDemand.starts("org.praefectus.mcp", "mcp"));
        assertTrue(onDemand.starts("io.modelcontextprotocol.sdk.mcp-core", "help"));
        assertFalse(onDemand.starts("org.praefectus.mcp", "capabilities"));
        assertFalse(onDemand.starts("io.modelcontextprotocol.sdk.mcp-core", "capabilities"));
        assertTrue(onDemand.starts("org.praefectus.engine", "capabilities"), "every other bundle always starts");
    }

    @Test
    void withoutTheListsEverythingStarts() {
        OnDemandBundles onDemand = OnDemandBundles.from(new Properties());
        assertTrue(onDemand.starts("org.praefectus.mcp", "capabilities"));
    }
}
