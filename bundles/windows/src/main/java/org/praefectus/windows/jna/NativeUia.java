package org.praefectus.windows.jna;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.WString;
import com.sun.jna.platform.win32.GDI32;
import com.sun.jna.platform.win32.Guid;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.Ole32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.W32Errors;
import com.sun.jna.platform.win32.WTypes;
import com.sun.jna.platform.win32.WinBase;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinGDI;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.praefectus.api.protocol.Rect;
import org.praefectus.windows.uia.ClipboardResult;
import org.praefectus.windows.uia.Monitor;
import org.praefectus.windows.uia.ScreenImage;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaElement;
import org.praefectus.windows.uia.UiaNode;
import org.praefectus.windows.uia.WinInput;

/**
 * {@link UiaApi} over UI Automation (COM vtables through jna-platform's {@code Unknown}) and Win32 (User32,
 * GDI32, Kernel32). One observation is one {@code ElementFromHandleBuildCache} with a control-view subtree
 * cache request. COM is joined as a multithreaded apartment on each calling thread. Untested here: it runs
 * only on Windows.
 */
public final class NativeUia implements UiaApi {

    static final Guid.CLSID CLSID_CUI_AUTOMATION = new Guid.CLSID("{ff48dba4-60ef-4201-aa87-54103eef594e}");
    static final Guid.IID IID_IUI_AUTOMATION = new Guid.IID("{30cbe57d-d9d0-452a-ab13-7ac5ac4825ee}");
    static final Guid.IID IID_INVOKE = new Guid.IID("{fb377fbe-8ea6-46d5-9c73-6499642d3059}");
    static final Guid.IID IID_VALUE = new Guid.IID("{a94cd8b1-0844-4cd6-9d2d-640537ab39e9}");
    static final Guid.IID IID_SCROLL = new Guid.IID("{88f4d42a-e881-459d-a77c-73bbbb7e02dc}");
    static final Guid.IID IID_WINDOW = new Guid.IID("{0faef453-9208-43ef-bbb2-3b485177864f}");

    // IUIAutomation vtable
    private static final int GET_FOCUSED_ELEMENT = 8;
    private static final int ELEMENT_FROM_HANDLE_BUILD_CACHE = 10;
    private static final int GET_CONTROL_VIEW_CONDITION = 18;
    private static final int CREATE_CACHE_REQUEST = 20;
    // IUIAutomationCacheRequest vtable
    private static final int ADD_PROPERTY = 3;
    private static final int PUT_TREE_SCOPE = 7;
    private static final int PUT_TREE_FILTER = 9;
    // IUIAutomationElement vtable
    private static final int SET_FOCUS = 3;
    private static final int BUILD_UPDATED_CACHE = 9;
    private static final int GET_CURRENT_PROPERTY_VALUE = 10;
    private static final int GET_CACHED_PROPERTY_VALUE = 12;
    private static final int GET_CURRENT_PATTERN_AS = 14;
    private static final int GET_CACHED_CHILDREN = 19;
    // IUIAutomationElementArray vtable
    private static final int ARRAY_LENGTH = 3;
    private static final int ARRAY_ELEMENT = 4;

    private static final int TREE_SCOPE_ELEMENT = 1;
    private static final int TREE_SCOPE_SUBTREE = 7;

    static final int RUNTIME_ID = 30000;
    static final int BOUNDING_RECTANGLE = 30001;
    static final int CONTROL_TYPE = 30003;
    static final int NAME = 30005;
    static final int HAS_KEYBOARD_FOCUS = 30008;
    static final int IS_ENABLED = 30010;
    static final int AUTOMATION_ID = 30011;
    static final int CLASS_NAME = 30012;
    static final int IS_OFFSCREEN = 30022;
    static final int IS_INVOKE_AVAILABLE = 30031;
    static final int IS_SCROLL_AVAILABLE = 30034;
    static final int IS_VALUE_AVAILABLE = 30043;
    static final int VALUE_IS_READ_ONLY = 30046;
    static final int HORIZONTALLY_SCROLLABLE = 30057;
    static final int VERTICALLY_SCROLLABLE = 30058;
    static final int IS_PASSWORD = 30019;
    static final int IS_TOGGLE_AVAILABLE = 30041;
    static final int TOGGLE_STATE = 30086;
    static final int IS_SELECTION_ITEM_AVAILABLE = 30036;
    static final int SELECTION_ITEM_IS_SELECTED = 30079;

    private static final int[] PROPERTIES = {
        RUNTIME_ID,
        BOUNDING_RECTANGLE,
        CONTROL_TYPE,
        NAME,
        HAS_KEYBOARD_FOCUS,
        IS_ENABLED,
        AUTOMATION_ID,
        CLASS_NAME,
        IS_OFFSCREEN,
        IS_INVOKE_AVAILABLE,
        IS_SCROLL_AVAILABLE,
        IS_VALUE_AVAILABLE,
        VALUE_IS_READ_ONLY,
        HORIZONTALLY_SCROLLABLE,
        VERTICALLY_SCROLLABLE,
        IS_PASSWORD,
        IS_TOGGLE_AVAILABLE,
        TOGGLE_STATE,
        IS_SELECTION_ITEM_AVAILABLE,
        SELECTION_ITEM_IS_SELECTED
    };

    private static final short VT_I4 = 3;
    private static final short VT_BSTR = 8;
    private static final short VT_BOOL = 11;
    private static final short VT_ARRAY = 0x2000;
    private static final short VT_R8 = 5;

    /** One held element. */
    static final class Element implements UiaElement {
        final ComObject com;

        Element(Pointer pointer) {
            this.com = new ComObject(pointer);
        }

        @Override
        public String toString() {
            return "IUIAutomationElement";
        }
    }

    private volatile ComObject automation;

    public NativeUia() {
        // physical pixels everywhere: UIA bounds, window rectangles, monitors and SendInput agree
        try {
            Win32.User.INSTANCE.SetProcessDpiAwarenessContext(Pointer.createConstant(-4));
        } catch (UnsatisfiedLinkError olderThanWindows10) {
            // the process keeps its DPI awareness; bounds may then be scaled on high-DPI monitors
        }
    }

    private static void joinApartment() {
        // S_FALSE and RPC_E_CHANGED_MODE mean COM is already initialized on this thread: usable either way
        Ole32.INSTANCE.CoInitializeEx(null, Ole32.COINIT_MULTITHREADED);
    }

    private ComObject automation() {
        ComObject current = automation;
        if (current != null) {
            return current;
        }
        joinApartment();
        PointerByReference created = new PointerByReference();
        WinNT.HRESULT result = Ole32.INSTANCE.CoCreateInstance(
                CLSID_CUI_AUTOMATION, null, WTypes.CLSCTX_INPROC_SERVER, IID_IUI_AUTOMATION, created);
        if (!W32Errors.SUCCEEDED(result) || created.getValue() == null) {
            return null;
        }
        automation = new ComObject(created.getValue());
        return automation;
    }

    @Override
    public boolean available() {
        return automation() != null;
    }

    @Override
    public List<TopLevelWindow> topLevelWindows() {
        List<TopLevelWindow> windows = new ArrayList<>();
        User32.INSTANCE.EnumWindows(
                (hwnd, data) -> {
                    if (!User32.INSTANCE.IsWindowVisible(hwnd) || cloaked(hwnd)) {
                        return true;
                    }
                    IntByReference pid = new IntByReference();
                    User32.INSTANCE.GetWindowThreadProcessId(hwnd, pid);
                    WinDef.RECT rect = new WinDef.RECT();
                    if (!User32.INSTANCE.GetWindowRect(hwnd, rect)) {
                        return true;
                    }
                    char[] className = new char[256];
                    int classLength = User32.INSTANCE.GetClassName(hwnd, className, className.length);
                    char[] title = new char[512];
                    int titleLength = User32.INSTANCE.GetWindowText(hwnd, title, title.length);
                    windows.add(new TopLevelWindow(
                            Pointer.nativeValue(hwnd.getPointer()),
                            Integer.toUnsignedLong(pid.getValue()),
                            new Rect(rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top),
                            classLength > 0 ? new String(className, 0, classLength) : null,
                            titleLength > 0 ? new String(title, 0, titleLength) : null,
                            Win32.User.INSTANCE.IsIconic(hwnd.getPointer())));
                    return true;
                },
                null);
        return windows;
    }

    /** {@code DWMWA_CLOAKED}: windows on another virtual desktop are cloaked, not on the current desktop. */
    private static boolean cloaked(WinDef.HWND hwnd) {
        IntByReference value = new IntByReference();
        return Win32.Dwm.INSTANCE.DwmGetWindowAttribute(hwnd.getPointer(), 14, value, 4) == 0 && value.getValue() != 0;
    }

    private ComObject cacheRequest(int scope) {
        ComObject uia = automation();
        if (uia == null) {
            return null;
        }
        PointerByReference request = new PointerByReference();
        PointerByReference condition = new PointerByReference();
        if (uia.call(CREATE_CACHE_REQUEST, uia.getPointer(), request) != S_OK
                || uia.call(GET_CONTROL_VIEW_CONDITION, uia.getPointer(), condition) != S_OK) {
            return null;
        }
        ComObject cache = new ComObject(request.getValue());
        ComObject filter = new ComObject(condition.getValue());
        for (int property : PROPERTIES) {
            cache.call(ADD_PROPERTY, cache.getPointer(), property);
        }
        cache.call(PUT_TREE_SCOPE, cache.getPointer(), scope);
        cache.call(PUT_TREE_FILTER, cache.getPointer(), filter.getPointer());
        return cache;
    }

    @Override
    public Optional<UiaNode> tree(long windowHandle, int maxElements) {
        joinApartment();
        ComObject uia = automation();
        ComObject cache = cacheRequest(TREE_SCOPE_SUBTREE);
        if (uia == null || cache == null) {
            return Optional.empty();
        }
        PointerByReference root = new PointerByReference();
        if (uia.call(
                                ELEMENT_FROM_HANDLE_BUILD_CACHE,
                                uia.getPointer(),
                                Pointer.createConstant(windowHandle),
                                cache.getPointer(),
                                root)
                        != S_OK
                || root.getValue() == null) {
            return Optional.empty();
        }
        int[] budget = {maxElements};
        return Optional.of(node(new Element(root.getValue()), budget, true));
    }

    @Override
    public Optional<UiaNode> refresh(UiaElement element) {
        joinApartment();
        ComObject cache = cacheRequest(TREE_SCOPE_ELEMENT);
        ComObject com = ((Element) element).com;
        PointerByReference updated = new PointerByReference();
        if (cache == null
                || com.call(BUILD_UPDATED_CACHE, com.getPointer(), cache.getPointer(), updated) != S_OK
                || updated.getValue() == null) {
            return Optional.empty();
        }
        return Optional.of(node(new Element(updated.getValue()), new int[] {1}, false));
    }

    /** A node from cached properties and, when asked, its cached children while the budget lasts. */
    private UiaNode node(Element element, int[] budget, boolean children) {
        budget[0]--;
        List<UiaNode> nodes = new ArrayList<>();
        if (children) {
            PointerByReference array = new PointerByReference();
            if (element.com.call(GET_CACHED_CHILDREN, element.com.getPointer(), array) == S_OK
                    && array.getValue() != null) {
                ComObject list = new ComObject(array.getValue());
                IntByReference length = new IntByReference();
                list.call(ARRAY_LENGTH, list.getPointer(), length);
                for (int i = 0; i < length.getValue() && budget[0] > 0; i++) {
                    PointerByReference child = new PointerByReference();
                    if (list.call(ARRAY_ELEMENT, list.getPointer(), i, child) == S_OK && child.getValue() != null) {
                        nodes.add(node(new Element(child.getValue()), budget, true));
                    }
                }
            }
        }
        Object[] values = new Object[PROPERTIES.length];
        for (int i = 0; i < PROPERTIES.length; i++) {
            values[i] = property(element.com, GET_CACHED_PROPERTY_VALUE, PROPERTIES[i]);
        }
        double[] rect = values[1] instanceof double[] r && r.length == 4 ? r : null;
        return new UiaNode(
                element,
                values[0] instanceof int[] id ? runtimeId(id) : "none",
                values[2] instanceof Integer type ? type : 0,
                values[3] instanceof String name && !name.isEmpty() ? name : null,
                values[6] instanceof String id && !id.isEmpty() ? id : null,
                values[7] instanceof String name && !name.isEmpty() ? name : null,
                rect == null || rect[2] <= 0 || rect[3] <= 0
                        ? null
                        : new Rect(Math.round(rect[0]), Math.round(rect[1]), Math.round(rect[2]), Math.round(rect[3])),
                Boolean.TRUE.equals(values[5]),
                Boolean.TRUE.equals(values[8]),
                Boolean.TRUE.equals(values[4]),
                Boolean.TRUE.equals(values[9]),
                Boolean.TRUE.equals(values[11]),
                Boolean.TRUE.equals(values[12]),
                Boolean.TRUE.equals(values[10]),
                Boolean.TRUE.equals(values[14]),
                Boolean.TRUE.equals(values[13]),
                Boolean.TRUE.equals(values[15]),
                // ToggleState_Off 0, ToggleState_On 1; ToggleState_Indeterminate 2 is neither
                toggled(Boolean.TRUE.equals(values[16]), values[17]),
                Boolean.TRUE.equals(values[18]) && Boolean.TRUE.equals(values[19]),
                nodes);
    }

    /** The Toggle pattern's state as checked: on, off, or {@code null} without the pattern or when indeterminate. */
    private static Boolean toggled(boolean available, Object state) {
        if (!available || !(state instanceof Integer value) || value == 2) {
            return null;
        }
        return value == 1;
    }

    private static String runtimeId(int[] parts) {
        StringBuilder text = new StringBuilder();
        for (int part : parts) {
            if (text.length() > 0) {
                text.append('.');
            }
            text.append(Integer.toUnsignedString(part));
        }
        return text.length() == 0 ? "none" : text.toString();
    }

    /** One property as String, Integer, Boolean, int[] or double[]; {@code null} when empty or mixed. */
    private static Object property(ComObject element, int method, int property) {
        Memory variant = new Memory(24);
        variant.clear();
        if (element.call(method, element.getPointer(), property, variant) != S_OK) {
            return null;
        }
        try {
            short type = variant.getShort(0);
            if (type == VT_BSTR) {
                Pointer text = variant.getPointer(8);
                return text == null ? null : text.getWideString(0);
            }
            if (type == VT_I4) {
                return variant.getInt(8);
            }
            if (type == VT_BOOL) {
                return variant.getShort(8) != 0;
            }
            if ((type & VT_ARRAY) != 0) {
                return array(variant.getPointer(8), (short) (type & ~VT_ARRAY));
            }
            return null;
        } finally {
            Win32.OleAut.INSTANCE.VariantClear(variant);
        }
    }

    private static Object array(Pointer safeArray, short elementType) {
        if (safeArray == null) {
            return null;
        }
        IntByReference lower = new IntByReference();
        IntByReference upper = new IntByReference();
        Win32.OleAut.INSTANCE.SafeArrayGetLBound(safeArray, 1, lower);
        Win32.OleAut.INSTANCE.SafeArrayGetUBound(safeArray, 1, upper);
        int count = Math.max(0, upper.getValue() - lower.getValue() + 1);
        PointerByReference data = new PointerByReference();
        if (count > 64 || Win32.OleAut.INSTANCE.SafeArrayAccessData(safeArray, data) != S_OK) {
            return null;
        }
        try {
            if (elementType == VT_I4) {
                return data.getValue().getIntArray(0, count);
            }
            if (elementType == VT_R8) {
                return data.getValue().getDoubleArray(0, count);
            }
            return null;
        } finally {
            Win32.OleAut.INSTANCE.SafeArrayUnaccessData(safeArray);
        }
    }

    private static ComObject pattern(UiaElement element, int patternId, Guid.IID iid) {
        joinApartment();
        ComObject com = ((Element) element).com;
        PointerByReference pattern = new PointerByReference();
        if (com.call(GET_CURRENT_PATTERN_AS, com.getPointer(), patternId, new Guid.REFIID(iid), pattern) != S_OK
                || pattern.getValue() == null) {
            return null;
        }
        return new ComObject(pattern.getValue());
    }

    private static final int NO_PATTERN = 0x80004002; // E_NOINTERFACE

    @Override
    public int invoke(UiaElement element) {
        ComObject invoke = pattern(element, 10000, IID_INVOKE);
        return invoke == null ? NO_PATTERN : invoke.call(3, invoke.getPointer());
    }

    @Override
    public int setValue(UiaElement element, String value) {
        ComObject pattern = pattern(element, 10002, IID_VALUE);
        if (pattern == null) {
            return NO_PATTERN;
        }
        Pointer text = Win32.OleAut.INSTANCE.SysAllocString(new WString(value));
        try {
            return pattern.call(3, pattern.getPointer(), text);
        } finally {
            Win32.OleAut.INSTANCE.SysFreeString(text);
        }
    }

    @Override
    public String value(UiaElement element) {
        ComObject pattern = pattern(element, 10002, IID_VALUE);
        PointerByReference text = new PointerByReference();
        if (pattern == null || pattern.call(4, pattern.getPointer(), text) != S_OK || text.getValue() == null) {
            return null;
        }
        try {
            return text.getValue().getWideString(0);
        } finally {
            Win32.OleAut.INSTANCE.SysFreeString(text.getValue());
        }
    }

    @Override
    public int scroll(UiaElement element, int horizontal, int vertical) {
        ComObject pattern = pattern(element, 10004, IID_SCROLL);
        return pattern == null ? NO_PATTERN : pattern.call(3, pattern.getPointer(), horizontal, vertical);
    }

    @Override
    public int setFocus(UiaElement element) {
        joinApartment();
        ComObject com = ((Element) element).com;
        return com.call(SET_FOCUS, com.getPointer());
    }

    @Override
    public int closeWindow(UiaElement element) {
        ComObject pattern = pattern(element, 10009, IID_WINDOW);
        return pattern == null ? NO_PATTERN : pattern.call(3, pattern.getPointer());
    }

    @Override
    public int minimizeWindow(UiaElement element) {
        ComObject pattern = pattern(element, 10009, IID_WINDOW);
        // SetWindowVisualState(WindowVisualState_Minimized = 2)
        return pattern == null ? NO_PATTERN : pattern.call(5, pattern.getPointer(), 2);
    }

    @Override
    public long foregroundWindow() {
        WinDef.HWND hwnd = User32.INSTANCE.GetForegroundWindow();
        return hwnd == null ? 0 : Pointer.nativeValue(hwnd.getPointer());
    }

    @Override
    public String focusedRuntimeId() {
        joinApartment();
        ComObject uia = automation();
        PointerByReference focused = new PointerByReference();
        if (uia == null
                || uia.call(GET_FOCUSED_ELEMENT, uia.getPointer(), focused) != S_OK
                || focused.getValue() == null) {
            return null;
        }
        Object id = property(new Element(focused.getValue()).com, GET_CURRENT_PROPERTY_VALUE, RUNTIME_ID);
        return id instanceof int[] parts ? runtimeId(parts) : null;
    }

    @Override
    public long[] cursor() {
        WinDef.POINT point = new WinDef.POINT();
        return User32.INSTANCE.GetCursorPos(point) ? new long[] {point.x, point.y} : null;
    }

    @Override
    public List<Monitor> monitors() {
        List<Monitor> monitors = new ArrayList<>();
        User32.INSTANCE.EnumDisplayMonitors(
                null,
                null,
                (monitor, hdc, rect, data) -> {
                    WinUser.MONITORINFOEX info = new WinUser.MONITORINFOEX();
                    if (User32.INSTANCE.GetMonitorInfo(monitor, info).booleanValue()) {
                        IntByReference dpiX = new IntByReference(96);
                        IntByReference dpiY = new IntByReference(96);
                        Win32.Shcore.INSTANCE.GetDpiForMonitor(monitor.getPointer(), 0, dpiX, dpiY);
                        WinDef.RECT r = info.rcMonitor;
                        monitors.add(new Monitor(
                                Native.toString(info.szDevice),
                                r.left,
                                r.top,
                                r.right - r.left,
                                r.bottom - r.top,
                                dpiX.getValue()));
                    }
                    return 1;
                },
                new WinDef.LPARAM(0));
        return monitors;
    }

    @Override
    public OptionalLong processCreationTime(long processId) {
        WinNT.HANDLE process =
                Kernel32.INSTANCE.OpenProcess(WinNT.PROCESS_QUERY_LIMITED_INFORMATION, false, (int) processId);
        if (process == null) {
            return OptionalLong.empty();
        }
        try {
            IntByReference exit = new IntByReference();
            if (!Kernel32.INSTANCE.GetExitCodeProcess(process, exit) || exit.getValue() != WinBase.STILL_ACTIVE) {
                return OptionalLong.empty();
            }
            WinBase.FILETIME created = new WinBase.FILETIME();
            WinBase.FILETIME exited = new WinBase.FILETIME();
            WinBase.FILETIME kernel = new WinBase.FILETIME();
            WinBase.FILETIME user = new WinBase.FILETIME();
            if (!Kernel32.INSTANCE.GetProcessTimes(process, created, exited, kernel, user)) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(created.toTime());
        } finally {
            Kernel32.INSTANCE.CloseHandle(process);
        }
    }

    @Override
    public int sendInput(List<WinInput> inputs) {
        if (inputs.isEmpty()) {
            return 0;
        }
        int left = User32.INSTANCE.GetSystemMetrics(76);
        int top = User32.INSTANCE.GetSystemMetrics(77);
        int width = Math.max(2, User32.INSTANCE.GetSystemMetrics(78));
        int height = Math.max(2, User32.INSTANCE.GetSystemMetrics(79));
        WinUser.INPUT[] array = (WinUser.INPUT[]) new WinUser.INPUT().toArray(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            WinUser.INPUT input = array[i];
            WinInput event = inputs.get(i);
            if (event instanceof WinInput.Mouse mouse) {
                input.type = new WinDef.DWORD(WinUser.INPUT.INPUT_MOUSE);
                input.input.setType("mi");
                input.input.mi.dx = new WinDef.LONG((mouse.x() - left) * 65535L / (width - 1));
                input.input.mi.dy = new WinDef.LONG((mouse.y() - top) * 65535L / (height - 1));
                input.input.mi.dwFlags = new WinDef.DWORD(mouse.flags() | 0x8000 | 0x4000);
            } else {
                input.type = new WinDef.DWORD(WinUser.INPUT.INPUT_KEYBOARD);
                input.input.setType("ki");
                if (event instanceof WinInput.Key key) {
                    input.input.ki.wVk = new WinDef.WORD(key.virtualKey());
                    input.input.ki.dwFlags =
                            new WinDef.DWORD((key.down() ? 0 : 0x0002) | (key.extended() ? 0x0001 : 0));
                } else {
                    WinInput.Unicode unicode = (WinInput.Unicode) event;
                    input.input.ki.wScan = new WinDef.WORD(unicode.unit());
                    input.input.ki.dwFlags = new WinDef.DWORD(0x0004 | (unicode.down() ? 0 : 0x0002));
                }
            }
        }
        return User32.INSTANCE
                .SendInput(new WinDef.DWORD(array.length), array, array[0].size())
                .intValue();
    }

    @Override
    public ClipboardResult writeClipboardText(String text) {
        return NativeClipboard.write(text);
    }

    @Override
    public String clipboardText() {
        return NativeClipboard.read();
    }

    @Override
    public int clipboardSequence() {
        return NativeClipboard.sequence();
    }

    @Override
    public boolean screenCaptureAvailable() {
        if (User32.INSTANCE.GetSystemMetrics(78) <= 0 || User32.INSTANCE.GetSystemMetrics(79) <= 0) {
            return false;
        }
        WinDef.HDC screen = User32.INSTANCE.GetDC(null);
        if (screen == null) {
            return false;
        }
        User32.INSTANCE.ReleaseDC(null, screen);
        return true;
    }

    @Override
    public Optional<ScreenImage> captureScreen() {
        int left = User32.INSTANCE.GetSystemMetrics(76);
        int top = User32.INSTANCE.GetSystemMetrics(77);
        int width = User32.INSTANCE.GetSystemMetrics(78);
        int height = User32.INSTANCE.GetSystemMetrics(79);
        if (width <= 0 || height <= 0) {
            return Optional.empty();
        }
        WinDef.HDC screen = User32.INSTANCE.GetDC(null);
        if (screen == null) {
            return Optional.empty();
        }
        WinDef.HDC memory = GDI32.INSTANCE.CreateCompatibleDC(screen);
        WinDef.HBITMAP bitmap = GDI32.INSTANCE.CreateCompatibleBitmap(screen, width, height);
        try {
            WinNT.HANDLE previous = GDI32.INSTANCE.SelectObject(memory, bitmap);
            // SRCCOPY | CAPTUREBLT: layered windows included
            boolean copied =
                    GDI32.INSTANCE.BitBlt(memory, 0, 0, width, height, screen, left, top, 0x00CC0020 | 0x40000000);
            GDI32.INSTANCE.SelectObject(memory, previous);
            if (!copied) {
                return Optional.empty();
            }
            WinGDI.BITMAPINFO info = new WinGDI.BITMAPINFO();
            info.bmiHeader.biWidth = width;
            info.bmiHeader.biHeight = -height; // top-down rows
            info.bmiHeader.biPlanes = 1;
            info.bmiHeader.biBitCount = 32;
            info.bmiHeader.biCompression = WinGDI.BI_RGB;
            Memory pixels = new Memory(4L * width * height);
            int rows = GDI32.INSTANCE.GetDIBits(screen, bitmap, 0, height, pixels, info, WinGDI.DIB_RGB_COLORS);
            if (rows != height) {
                return Optional.empty();
            }
            return Optional.of(new ScreenImage(left, top, width, height, pixels.getByteArray(0, 4 * width * height)));
        } finally {
            GDI32.INSTANCE.DeleteObject(bitmap);
            GDI32.INSTANCE.DeleteDC(memory);
            User32.INSTANCE.ReleaseDC(null, screen);
        }
    }
}
