-- Drives Neovim after it has read the init.lua of docs/editors.md (neovim.test.ts pastes one of
-- the page's set-ups there): opens a file of the example, and checks what the set-up promises —
-- the server starts and attaches, a diagnostic appears after an edit and clears after the fix,
-- K shows a hover, gd jumps to a definition, saving formats the buffer and the file. Each step
-- writes one line to $JADPO_OUT.
local root = os.getenv("JADPO_ROOT")
local out = io.open(os.getenv("JADPO_OUT"), "w")
local function say(line)
  out:write(line .. "\n")
  out:flush()
end
local function finish(code)
  out:close()
  vim.cmd(code == 0 and "qall!" or "cquit! " .. code)
end
local function wait(what, check)
  if not vim.wait(20000, check, 20) then
    say("timed out: " .. what)
    finish(3)
  end
end

local published = 0
local default = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published = published + 1
  return default(err, result, ctx, config)
end

local action = root .. "/domains/support/actions/answer_customer.jadpo"
vim.cmd("edit " .. action)
local buf = vim.api.nvim_get_current_buf()
local function attached()
  local names = {}
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
  for _, client in pairs(clients) do table.insert(names, client.name) end
  return names
end
wait("the server to attach", function() return #attached() > 0 end)
say("filetype " .. vim.bo[buf].filetype .. ", attached: " .. table.concat(attached(), ", "))
wait("the first diagnostics", function() return published > 0 end)
say("opened: " .. #vim.diagnostic.get(buf) .. " diagnostics")

-- Line 2 imports the failures; drop one of them, then put it back.
local line2 = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
vim.api.nvim_buf_set_lines(buf, 1, 2, false, { "use support/failures { AssistantUnavailable }" })
wait("a diagnostic after the edit", function() return #vim.diagnostic.get(buf) > 0 end)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  say(string.format("after the edit: %d:%d %s %s", d.lnum + 1, d.col + 1, d.code or "", vim.split(d.message, "\n")[1]))
end
vim.api.nvim_buf_set_lines(buf, 1, 2, false, { line2 })
wait("the diagnostics to clear after the fix", function() return #vim.diagnostic.get(buf) == 0 end)
say("after the fix: " .. #vim.diagnostic.get(buf) .. " diagnostics")

-- Line 7 is `    -> SupportAnswer`: K shows the type, gd goes to it.
local function float_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      return table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), "\n")
    end
  end
  return nil
end
vim.api.nvim_win_set_cursor(0, { 7, 9 })
vim.api.nvim_feedkeys("K", "mx", false)
wait("the hover", function() return float_text() ~= nil end)
say("K: " .. (float_text():match("type SupportAnswer = Object {") or float_text()))
vim.api.nvim_win_set_cursor(0, { 7, 9 })
vim.api.nvim_feedkeys("gd", "mx", false)
wait("the jump to the definition", function() return vim.api.nvim_buf_get_name(0):match("types%.jadpo$") ~= nil end)
local cursor = vim.api.nvim_win_get_cursor(0)
say(string.format("gd: %s:%d:%d %s", vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ":t"), cursor[1], cursor[2] + 1, vim.fn.expand("<cword>")))

-- Saving formats: two lines laid out badly, then `:write`; the server's edits put them back as
-- `jadpo fmt` lays them out (the example is in that layout), in the buffer and in the file.
vim.cmd("buffer " .. buf)
local laid_out = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local messy = {
  ["    var asked = AnswerQuestion { question: question  reader_locale: Locale.en_gb }"] = "  var asked=AnswerQuestion {question: question reader_locale: Locale.en_gb}   ",
  ["        success(answer) => answer"] = "            success(answer)   =>   answer",
}
local messed = 0
for i, line in ipairs(laid_out) do
  if messy[line] then
    vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { messy[line] })
    messed = messed + 1
  end
end
vim.cmd("silent write")
local function state(same) return same and "as `jadpo fmt` lays it out" or "not formatted" end
local in_buffer = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
local file = io.open(action, "r")
local on_disk = file:read("*a")
file:close()
local expected = table.concat(laid_out, "\n")
say(string.format("saved %d messy lines: the buffer %s, the file %s", messed, state(in_buffer == expected), state(on_disk == expected .. "\n")))
finish(0)
