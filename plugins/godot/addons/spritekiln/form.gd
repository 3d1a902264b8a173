@tool
extends VBoxContainer
## The job form of the dock: a kind selector and, for the chosen kind, one input per API field
## (built from kinds.gd), with res:// file pickers and "use the selected node's texture". collect()
## turns it into the fields and files SpritekilnClient.create_job takes.

## Something to tell the user (e.g. "Select a node with a texture first"); the dock shows it.
signal message(text: String)

const Client := preload("spritekiln_client.gd")
const Kinds := preload("kinds.gd")
const IMAGE_FILTERS := ["*.png, *.jpg, *.jpeg, *.webp ; Images", "*.gif ; GIF (video_restyle source)"]

var kind_select: OptionButton
var grid: GridContainer
## field name -> {"field": Dictionary (a kinds.gd entry), "control": Control}
var inputs := {}
## "[selected Name]" tokens in file fields -> {"name", "data"} (textures without a file, e.g. an AtlasTexture)
var _memory := {}
var _dialog: EditorFileDialog
var _dialog_target := ""


func _ready() -> void:
	size_flags_vertical = Control.SIZE_EXPAND_FILL
	kind_select = OptionButton.new()
	for k in Kinds.KINDS:
		kind_select.add_item(k.label)
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
	_show_kind(0)


## Selects a job kind by name ("zenith", "effect-v2", ...); returns false if there is none.
func select_kind(kind: String) -> bool:
	for i in Kinds.KINDS.size():
		if Kinds.KINDS[i].kind == kind:
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


func current_kind() -> String:
	return Kinds.KINDS[kind_select.selected].kind


## The form as create_job takes it: {"fields", "files"} or {"error"}.
func collect() -> Dictionary:
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
				var option := control as OptionButton
				var label := option.get_item_text(option.selected)
				if not label.begins_with("("):
					fields[field_name] = label
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


## Rebuilds the form for KINDS[index].
func _show_kind(index: int) -> void:
	for child in grid.get_children():
		grid.remove_child(child)
		child.queue_free()
	inputs.clear()
	for f in Kinds.KINDS[index].fields:
		# Required fields carry a star; optional ones are dimmed and not sent when left empty.
		var label := Label.new()
		label.text = f.name + (" *" if f.required else "")
		label.tooltip_text = ("required" if f.required else "optional: not sent when empty") + ("\n" + f.hint if f.has("hint") else "")
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
			edit.placeholder_text = f.get("hint", "")
			control = edit
		"multiline":
			var edit := TextEdit.new()
			edit.text = f.get("default", "")
			edit.custom_minimum_size = Vector2(0, 72)
			edit.wrap_mode = TextEdit.LINE_WRAPPING_BOUNDARY
			control = edit
		"enum", "int_enum":
			var option := OptionButton.new()
			if not f.required:
				option.add_item("(not sent)")
			for value in f.options:
				option.add_item(str(value))
			control = option
		"bool":
			if f.required:
				control = CheckBox.new()
			else:
				var option := OptionButton.new()
				for label in ["(server default)", "true", "false"]:
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
