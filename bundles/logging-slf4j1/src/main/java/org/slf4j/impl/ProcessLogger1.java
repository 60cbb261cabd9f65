package org.slf4j.impl;

import org.praefectus.logging.LogLevel;
import org.praefectus.logging.ProcessLog;
import org.slf4j.helpers.FormattingTuple;
import org.slf4j.helpers.MarkerIgnoringBase;
import org.slf4j.helpers.MessageFormatter;

/**
 * One slf4j 1.7 logger of the process log: the same gate, level and file as slf4j 2's loggers. Markers are ignored
 * (nothing the runtime keeps depends on them).
 */
final class ProcessLogger1 extends MarkerIgnoringBase {
    private static final long serialVersionUID = 1L;

    ProcessLogger1(String name) {
        this.name = name;
    }

    private void log(LogLevel level, String message, Throwable thrown) {
        if (ProcessLog.enabled(level, name)) {
            ProcessLog.write(level, name, message, thrown);
        }
    }

    private void format(LogLevel level, String format, Object... arguments) {
        if (ProcessLog.enabled(level, name)) {
            FormattingTuple formatted = MessageFormatter.arrayFormat(format, arguments);
            ProcessLog.write(level, name, formatted.getMessage(), formatted.getThrowable());
        }
    }

    @Override
    public boolean isTraceEnabled() {
        return ProcessLog.enabled(LogLevel.TRACE, name);
    }

    @Override
    public void trace(String message) {
        log(LogLevel.TRACE, message, null);
    }

    @Override
    public void trace(String format, Object argument) {
        format(LogLevel.TRACE, format, argument);
    }

    @Override
    public void trace(String format, Object first, Object second) {
        format(LogLevel.TRACE, format, first, second);
    }

    @Override
    public void trace(String format, Object... arguments) {
        format(LogLevel.TRACE, format, arguments);
    }

    @Override
    public void trace(String message, Throwable thrown) {
        log(LogLevel.TRACE, message, thrown);
    }

    @Override
    public boolean isDebugEnabled() {
        return ProcessLog.enabled(LogLevel.DEBUG, name);
    }

    @Override
    public void debug(String message) {
        log(LogLevel.DEBUG, message, null);
    }

    @Override
    public void debug(String format, Object argument) {
        format(LogLevel.DEBUG, format, argument);
    }

    @Override
    public void debug(String format, Object first, Object second) {
        format(LogLevel.DEBUG, format, first, second);
    }

    @Override
    public void debug(String format, Object... arguments) {
        format(LogLevel.DEBUG, format, arguments);
    }

    @Override
    public void debug(String message, Throwable thrown) {
        log(LogLevel.DEBUG, message, thrown);
    }

    @Override
    public boolean isInfoEnabled() {
        return ProcessLog.enabled(LogLevel.INFO, name);
    }

    @Override
    public void info(String message) {
        log(LogLevel.INFO, message, null);
    }

    @Override
    public void info(String format, Object argument) {
        format(LogLevel.INFO, format, argument);
    }

    @Override
    public void info(String format, Object first, Object second) {
        format(LogLevel.INFO, format, first, second);
    }

    @Override
    public void info(String format, Object... arguments) {
        format(LogLevel.INFO, format, arguments);
    }

    @Override
    public void info(String message, Throwable thrown) {
        log(LogLevel.INFO, message, thrown);
    }

    @Override
    public boolean isWarnEnabled() {
        return ProcessLog.enabled(LogLevel.WARN, name);
    }

    @Override
    public void warn(String message) {
        log(LogLevel.WARN, message, null);
    }

    @Override
    public void warn(String format, Object argument) {
        format(LogLevel.WARN, format, argument);
    }

    @Override
    public void warn(String format, Object first, Object second) {
        format(LogLevel.WARN, format, first, second);
    }

    @Override
    public void warn(String format, Object... arguments) {
        format(LogLevel.WARN, format, arguments);
    }

    @Override
    public void warn(String message, Throwable thrown) {
        log(LogLevel.WARN, message, thrown);
    }

    @Override
    public boolean isErrorEnabled() {
        return ProcessLog.enabled(LogLevel.ERROR, name);
    }

    @Override
    public void error(String message) {
        log(LogLevel.ERROR, message, null);
    }

    @Override
    public void error(String format, Object argument) {
        format(LogLevel.ERROR, format, argument);
    }

    @Override
    public void error(String format, Object first, Object second) {
        format(LogLevel.ERROR, format, first, second);
    }

    @Override
    public void error(String format, Object... arguments) {
        format(LogLevel.ERROR, format, arguments);
    }

    @Override
    public void error(String message, Throwable thrown) {
        log(LogLevel.ERROR, message, thrown);
    }
}
