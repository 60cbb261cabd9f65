package org.praefectus.logging.slf4j;

import org.praefectus.logging.LogLevel;
import org.praefectus.logging.ProcessLog;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** One slf4j 2 logger of the process log: asks the gate whether its level is kept, formats, and hands over. */
final class ProcessLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    ProcessLogger(String name) {
        this.name = name;
    }

    @Override
    public boolean isTraceEnabled() {
        return ProcessLog.enabled(LogLevel.TRACE, name);
    }

    @Override
    public boolean isDebugEnabled() {
        return ProcessLog.enabled(LogLevel.DEBUG, name);
    }

    @Override
    public boolean isInfoEnabled() {
        return ProcessLog.enabled(LogLevel.INFO, name);
    }

    @Override
    public boolean isWarnEnabled() {
        return ProcessLog.enabled(LogLevel.WARN, name);
    }

    @Override
    public boolean isErrorEnabled() {
        return ProcessLog.enabled(LogLevel.ERROR, name);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(
            Level level, Marker marker, String pattern, Object[] arguments, Throwable thrown) {
        ProcessLog.write(
                LogLevel.valueOf(level.name()), name, MessageFormatter.basicArrayFormat(pattern, arguments), thrown);
    }
}
