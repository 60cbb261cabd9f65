package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.protocol.Terminal;

final class Terminals {
    private Terminals() {}

    static <T extends Terminal> T terminal(ExecuteReport report, Class<T> type) {
        return assertInstanceOf(type, report.terminal());
    }
}
