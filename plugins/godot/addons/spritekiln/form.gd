@tool
extends VBoxContainer
## The job form of the dock: a kind selector and, for the chosen kind, one input per API field (the
## kinds and fields the dock read from the server's /openapi.json, see openapi_kinds.gd), with res://
## file pickers and "use the selected node's texture". collect() turns it into the fields and files
## SpritekilnClient.create_job takes. Without kinds (no server yet) it shows why instead.

## Something to tell the user (e.g. "Select a node with a texture first"); the dock shows it.
signal message(text: String)

const Client := preload("spritekiln_client.gd")
const IMAGE_FILTERS := ["*.png, *.jpg, *.jpeg, *.webp ; Images", "*.gif ; GIF (video_restyle source)"]

var kind_select: OptionButton
var grid: GridContainer
## Why there is no form, or what went wrong loading it; hidden when empty.
var notice: Label
## The kinds offered, as SpritekilnClient.job_kinds() gives them: [{"kind", "label", "path", "fields"}].
var kinds := []
## field name -> {"field": Dictionary (a fields entry of the kind), "control": Control}
var inputs := {}
## "[selected Name]" tokens in file fields -> {"name", "data"} (textures without a file, e.g. an AtlasTexture)
var _memory := {}
var _dialog: EditorFileDialog
var _dialog_target := ""


func _ready() -> void:
	size_flags_vertical = Control.SIZE_EXPAND_FILL
	notice = Label.new()
	notice.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	notice.custom_minimum_size = Vector2(200, 0)
	notice.visible = false
	add_child(notice)
	kind_select = OptionButton.new()
	kind_select.item_selected.connect(_show_kind)
	add_child(kind_select)
	var scroll := ScrollContainer.new()
	scroll.size_flags_vertical = Control.SIZE_EXPAND_FILL
	scroll.horizontal_scroll_mode = ScrollContainer.SCROLL_MODE_DISABLED
	add_child(scroll)
	grid = GridContainer.new()
	grid.columns = 2
	grid.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	scroll.add_child(grid)
	if Engine.is_editor_hint():
		_dialog = EditorFileDialog.new()
		_dialog.access = EditorFileDialog.ACCESS_RESOURCES
		_dialog.filters = PackedStringArray(IMAGE_FILTERS)
		_dialog.file_selected.connect(func(path: String) -> void: _add_paths([path]))
		_dialog.files_selected.connect(func(paths: PackedStringArray) -> void: _add_paths(Array(paths)))
		add_child(_dialog)
	set_kinds([])


## Offers these kinds (SpritekilnClient.job_kinds()); with none, the form is replaced by
## notice_text. The kind chosen before stays chosen if it is still offered, and the same kinds again
## leave the form (and what was typed into it) as it is.
func set_kinds(list: Array, notice_text := "") -> void:
	show_notice(notice_text)
	if list == kinds and not list.is_empty():
		return
	var previous := current_kind()
	kinds = list
	kind_select.clear()
	for k in kinds:
		kind_select.add_item(k.label)
		kind_select.set_item_tooltip(kind_select.item_count - 1, "%s: POST /public/v1%s" % [k.kind, k.path])
	kind_select.visible = not kinds.is_empty()
	if not select_kind(previous):
		_show_kind(0)


## Shows a line above the form ("" hides it).
func show_notice(text: String) -> void:
	notice.text = text
	notice.visible = text != ""


## Selects a job kind by name ("zenith", "effect/v2", ...); returns false if it is not offered.
func select_kind(kind: String) -> bool:
	for i in kinds.size():
		if kinds[i].kind == kind:
			kind_select.select(i)
			_show_kind(i)
			return true
	return false


## Sets a form input: text for text/file fields (paths separated by commas), a value for enums and
## bools. For tests and tool scripts; a user types or picks.
func set_field(field_name: String, value: Variant) -> void:
	var input: Dictionary = inputs.get(field_name, {})
	if input.is_empty():
		push_error("Spritekiln: the %s form has no field %s" % [current_kind(), field_name])
		return
	var control: Control = input.control
	if control is LineEdit:
		control.text = str(value)
	elif control is TextEdit:
		control.text = str(value)
	elif control is CheckBox:
		control.button_pressed = bool(value)
	elif control is OptionButton:
		for i in control.item_count:
			if control.get_item_text(i) == str(value):
				control.select(i)


## The chosen kind's name ("" when none is offered).
func current_kind() -> String:
	return current().get("kind", "")


## The chosen kind ({"kind", "label", "path", "fields"}), {} when none is offered.
func current() -> Dictionary:
	var i := kind_select.selected
	return kinds[i] if i >= 0 and i < kinds.size() else {}


## The form as create_job takes it: {"fields", "files"} or {"error"}.
func collect() -> Dictionary:
	if current().is_empty():
		return {"error": notice.text if notice.text != "" else "No job kinds: press Check connection to load them from the server"}
	var fields := {}
	var files := {}
	for field_name in inputs:
		var f: Dictionary = inputs[field_name].field
		var control: Control = inputs[field_name].control
		match f.type:
			"text":
				var text: String = (control as LineEdit).text.strip_edges()
				if text != "":
					fields[field_name] = text
			"multiline":
				var text: String = (control as TextEdit).text.strip_edges()
				if text != "":
					fields[field_name] = text
			"enum", "int_enum":
				# An optional enum's first entry is "(not sent)".
				var option := control as OptionButton
				if f.required or option.selected > 0:
					fields[field_name] = option.get_item_text(option.selected)
			"bool":
				if control is CheckBox:
					fields[field_name] = (control as CheckBox).button_pressed
				elif (control as OptionButton).selected > 0:
					fields[field_name] = (control as OptionButton).selected == 1
			"file", "files":
				var list := []
				for part in (control as LineEdit).text.split(",", false):
					var token := part.strip_edges()
					if token == "":
						continue
					if _memory.has(token):
						list.append(_memory[token])
					elif not FileAccess.file_exists(token):
						return {"error": "%s: no file at %s" % [field_name, token]}
					else:
						list.append(token)
				if not list.is_empty():
					files[field_name] = list if f.type == "files" else list[0]
	return {"fields": fields, "files": files}


## Rebuilds the form for kinds[index] (empties it when there is no such kind).
func _show_kind(index: int) -> void:
	for child in grid.get_children():
		grid.remove_child(child)
		child.queue_free()
	inputs.clear()
	if index < 0 or index >= kinds.size():
		return
	for f in kinds[index].fields:
		# Required fields carry a star; optional ones are dimmed and not sent when left empty.
		var label := Label.new()
		label.text = f.name + (" *" if f.required else "")
		label.tooltip_text = ("required" if f.required else "optional: not sent when empty" + _default_text(f, ", the server uses %s")) + ("\n" + f.hint if f.has("hint") else "")
		label.mouse_filter = Control.MOUSE_FILTER_PASS
		if not f.required:
			label.modulate = Color(1, 1, 1, 0.7)
		grid.add_child(label)
		var control := _input_for(f)
		grid.add_child(control)


func _input_for(f: Dictionary) -> Control:
	var control: Control
	match f.type:
		"text":
			var edit := LineEdit.new()
			edit.placeholder_text = f.get("hint", _default_text(f, "default: %s"))
			control = edit
		"multiline":
			var edit := TextEdit.new()
			edit.text = f.get("prefill", "")
			edit.custom_minimum_size = Vector2(0, 72)
			edit.wrap_mode = TextEdit.LINE_WRAPPING_BOUNDARY
			control = edit
		"enum", "int_enum":
			var option := OptionButton.new()
			if not f.required:
				option.add_item(_unsent(f))
			for value in f.options:
				option.add_item(str(value))
			control = option
		"bool":
			if f.required:
				control = CheckBox.new()
			else:
				var option := OptionButton.new()
				for label in [_unsent(f), "true", "false"]:
					option.add_item(label)
				control = option
		"file", "files":
			var edit := LineEdit.new()
			edit.placeholder_text = "res://image.png" + (", ..." if f.type == "files" else "")
			edit.tooltip_text = f.get("hint", "")
			edit.custom_minimum_size = Vector2(120, 0)
			edit.size_flags_horizontal = Control.SIZE_EXPAND_FILL
			var row := HBoxContainer.new()
			row.add_child(edit)
			var pick := Button.new()
			pick.text = "..."
			pick.tooltip_text = "Choose res:// image(s)"
			pick.pressed.connect(_pick_files.bind(f.name))
			row.add_child(pick)
			var from_node := Button.new()
			from_node.text = "Selected"
			from_node.tooltip_text = "Use the texture of the selected node (Sprite2D, TextureRect, AnimatedSprite2D frame...)"
			from_node.pressed.connect(use_selected_texture.bind(f.name))
			row.add_child(from_node)
			row.size_flags_horizontal = Control.SIZE_EXPAND_FILL
			inputs[f.name] = {"field": f, "control": edit}
			return row
	control.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	control.tooltip_text = f.get("hint", "")
	inputs[f.name] = {"field": f, "control": control}
	return control


## The first entry of an optional choice: nothing is sent, so the server's default applies.
static func _unsent(f: Dictionary) -> String:
	var text := _default_text(f, "(default: %s)")
	return text if text != "" else "(not sent)"


## The schema's default in format ("" when it has none, or an empty one).
static func _default_text(f: Dictionary, format: String) -> String:
	var value: Variant = f.get("default")
	return "" if value == null or str(value) == "" else format % str(value)


func _pick_files(field_name: String) -> void:
	if _dialog == null:
		return
	_dialog_target = field_name
	var many: bool = inputs[field_name].field.type == "files"
	_dialog.file_mode = EditorFileDialog.FILE_MODE_OPEN_FILES if many else EditorFileDialog.FILE_MODE_OPEN_FILE
	_dialog.popup_file_dialog()


func _add_paths(paths: Array) -> void:
	if inputs.has(_dialog_target):
		_put(_dialog_target, ", ".join(PackedStringArray(paths)))


## Appends to a "files" field, replaces a "file" field.
func _put(field_name: String, text: String) -> void:
	var edit: LineEdit = inputs[field_name].control
	if inputs[field_name].field.type == "files" and edit.text.strip_edges() != "":
		edit.text += ", " + text
	else:
		edit.text = text


## Puts the selected node's texture into a file field: its res:// file when it has one, otherwise
## the pixels themselves (an AtlasTexture frame, a generated texture), encoded as PNG on submit.
func use_selected_texture(field_name: String) -> void:
	var nodes := EditorInterface.get_selection().get_selected_nodes()
	var texture: Texture2D = null
	var source: Node = null
	for node in nodes:
		texture = _texture_of(node)
		if texture:
			source = node
			break
	if texture == null:
		message.emit("Select a node with a texture (Sprite2D, TextureRect, AnimatedSprite2D ...) first")
		return
	var token := texture.resource_path
	if token == "" or token.contains("::") or not FileAccess.file_exists(token):
		var part := Client.file_part(texture)
		if part.has("error"):
			message.emit("%s: %s" % [source.name, part.error])
			return
		token = "[selected %s]" % source.name
		_memory[token] = part
	_put(field_name, token)


static func _texture_of(node: Node) -> Texture2D:
	if node is AnimatedSprite2D or node is AnimatedSprite3D:
		var frames: SpriteFrames = node.sprite_frames
		if frames and frames.has_animation(node.animation) and frames.get_frame_count(node.animation) > 0:
			return frames.get_frame_texture(node.animation, node.frame)
		return null
	if "texture" in node and node.get("texture") is Texture2D:
		return node.get("texture")
	return null
