package org.praefectus.api.desktop;

import java.util.List;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.Selector;

/**
 * The one way to build an {@link InputRequest} field by field: every surface's parser names only what its wire form
 * carries, and a new field is added here, not to every caller. Starts from {@link InputRequest#of} (every option at
 * its default: left button, one click, pressed once, no pause, no pace, the whole desktop in scope) or
 * {@link InputRequest#toBuilder}; {@link #build} checks the whole request as the record's constructor does.
 */
public final class InputRequestBuilder {

    private final String verb;
    private long[] point;
    private long[] relative;
    private Rect region;
    private double[] ratio;
    private Selector selector;
    private ElementScope scope = ElementScope.ALL;
    private boolean fromCurrent;
    private long[] to;
    private double[] toRatio;
    private boolean clamp;
    private MouseButton button = MouseButton.LEFT;
    private int count = 1;
    private Direction direction;
    private String text;
    private boolean clear;
    private List<String> keys = List.of();
    private int repeat = 1;
    private int intervalMs;
    private int delayMs;
    private InputRequest.Pace pace = InputRequest.Pace.NONE;
    private boolean restore;
    private boolean dryRun;
    private ClipboardRestore clipboard;

    InputRequestBuilder(String verb) {
        this.verb = verb;
    }

    InputRequestBuilder(InputRequest request) {
        this(request.verb());
        point = request.point();
        relative = request.relative();
        region = request.region();
        ratio = request.ratio();
        selector = request.selector();
        scope = request.scope();
        fromCurrent = request.fromCurrent();
        to = request.to();
        toRatio = request.toRatio();
        clamp = request.clamp();
        button = request.button();
        count = request.count();
        direction = request.direction();
        text = request.text();
        clear = request.clear();
        keys = request.keys();
        repeat = request.repeat();
        intervalMs = request.intervalMs();
        delayMs = request.delayMs();
        pace = request.pace();
        restore = request.restore();
        dryRun = request.dryRun();
        clipboard = request.clipboard();
    }

    /** The request, checked as {@link InputRequest}'s constructor checks it. */
    public InputRequest build() {
        return new InputRequest(
                verb,
                point,
                relative,
                region,
                ratio,
                selector,
                scope,
                fromCurrent,
                to,
                toRatio,
                clamp,
                button,
                count,
                direction,
                text,
                clear,
                keys,
                repeat,
                intervalMs,
                delayMs,
                pace,
                restore,
                dryRun,
                clipboard);
    }

    public InputRequestBuilder point(long[] point) {
        this.point = point;
        return this;
    }

    public InputRequestBuilder relative(long[] relative) {
        this.relative = relative;
        return this;
    }

    public InputRequestBuilder region(Rect region) {
        this.region = region;
        return this;
    }

    public InputRequestBuilder ratio(double[] ratio) {
        this.ratio = ratio;
        return this;
    }

    public InputRequestBuilder selector(Selector selector) {
        this.selector = selector;
        return this;
    }

    public InputRequestBuilder scope(ElementScope scope) {
        this.scope = scope;
        return this;
    }

    public InputRequestBuilder fromCurrent(boolean fromCurrent) {
        this.fromCurrent = fromCurrent;
        return this;
    }

    public InputRequestBuilder to(long[] to) {
        this.to = to;
        return this;
    }

    public InputRequestBuilder toRatio(double[] toRatio) {
        this.toRatio = toRatio;
        return this;
    }

    public InputRequestBuilder clamp(boolean clamp) {
        this.clamp = clamp;
        return this;
    }

    public InputRequestBuilder button(MouseButton button) {
        this.button = button;
        return this;
    }

    public InputRequestBuilder count(int count) {
        this.count = count;
        return this;
    }

    public InputRequestBuilder direction(Direction direction) {
        this.direction = direction;
        return this;
    }

    public InputRequestBuilder text(String text) {
        this.text = text;
        return this;
    }

    public InputRequestBuilder clear(boolean clear) {
        this.clear = clear;
        return this;
    }

    public InputRequestBuilder keys(List<String> keys) {
        this.keys = keys;
        return this;
    }

    public InputRequestBuilder repeat(int repeat) {
        this.repeat = repeat;
        return this;
    }

    public InputRequestBuilder intervalMs(int intervalMs) {
        this.intervalMs = intervalMs;
        return this;
    }

    public InputRequestBuilder delayMs(int delayMs) {
        this.delayMs = delayMs;
        return this;
    }

    public InputRequestBuilder pace(InputRequest.Pace pace) {
        this.pace = pace;
        return this;
    }

    public InputRequestBuilder restore(boolean restore) {
        this.restore = restore;
        return this;
    }

    public InputRequestBuilder dryRun(boolean dryRun) {
        this.dryRun = dryRun;
        return this;
    }

    public InputRequestBuilder clipboard(ClipboardRestore clipboard) {
        this.clipboard = clipboard;
        return this;
    }
}
